import { createLruCache } from './lru-cache.js';

export interface VersionedCacheOptions {
  /**
   * The user's current data version (platform/caching/user-versions.ts: cached, so usually no query); a cached
   * one may come back as it is, without a promise.
   */
  version: (userId: string) => number | Promise<number>;
  /** Users kept at most (the least recently used go first). */
  max?: number;
  /** Age after which a value is read again regardless. */
  ttlMs?: number;
}

/**
 * A per-user value read from the database again only when the user's data version moved: what a write that
 * bumps the version can change (the me answer) costs no query in between (decision 034). The version is read
 * before the value, so a value is never kept under a version newer than itself; a write landing between the
 * two leaves a newer value under the older version, which the next read's newer version replaces.
 */
export function createVersionedCache<V>({ version, max = 10_000, ttlMs = 60_000 }: VersionedCacheOptions) {
  const entries = createLruCache<string, { version: number; value: V }>({ max, ttlMs });
  return {
    /** The value; a hit under a cached version without a promise (callers await it either way). */
    get(userId: string, load: () => Promise<V>): V | Promise<V> {
      const known = version(userId);
      if (typeof known === 'number') {
        const hit = entries.get(userId);
        if (hit && hit.version === known) return hit.value;
      }
      return (async () => {
        const current = await known;
        const hit = entries.get(userId);
        if (hit && hit.version === current) return hit.value;
        const value = await load();
        entries.set(userId, { version: current, value });
        return value;
      })();
    },
    forget(userId: string) {
      entries.delete(userId);
    },
  };
}

export type VersionedCache<V> = ReturnType<typeof createVersionedCache<V>>;
