export interface LruCacheOptions {
  /** Entries kept at most; the least recently used goes first. */
  max: number;
  /** An entry older than this is not answered (a safety net should an invalidation be missed). */
  ttlMs: number;
  /** Monotonic milliseconds; tests pass their own. */
  clock?: () => number;
}

/**
 * A small in-process cache for values the database owns: bounded in size and age, and safe against the race
 * of a load that started before an invalidation and finishes after it. `load` stores what it read only when
 * no invalidation happened meanwhile (a generation counter), so a value read before a change is never kept
 * after the change was announced.
 */
export function createLruCache<K, V>({ max, ttlMs, clock = () => performance.now() }: LruCacheOptions) {
  const entries = new Map<K, { value: V; at: number }>();
  let generation = 0;

  const get = (key: K): V | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (clock() - entry.at > ttlMs) return undefined;
    entries.set(key, entry); // most recently used last
    return entry.value;
  };

  const set = (key: K, value: V) => {
    entries.delete(key);
    entries.set(key, { value, at: clock() });
    if (entries.size > max) entries.delete(entries.keys().next().value as K);
  };

  return {
    get,
    set,

    /** The cached value, or `read()`'s, kept unless the cache was invalidated while reading. */
    async load(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
      const hit = get(key);
      if (hit !== undefined) return hit;
      const started = generation;
      const value = await read();
      if (value !== undefined && generation === started) set(key, value);
      return value;
    },

    /** Replaces a cached entry's value, keeping its age, if it is still there. */
    update(key: K, value: V) {
      const entry = entries.get(key);
      if (entry) entry.value = value;
    },

    delete(key: K) {
      generation += 1;
      entries.delete(key);
    },

    /** Drops every entry whose value matches (a scan: for rare events such as a sign-out). */
    deleteWhere(matches: (value: V) => boolean) {
      generation += 1;
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },

    clear() {
      generation += 1;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type LruCache<K, V> = ReturnType<typeof createLruCache<K, V>>;
