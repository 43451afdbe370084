export interface LruCacheOptions {
  /** Entries kept at most; one not used since it was last passed over goes first (second chance). */
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
  // Oldest first. A hit only marks its entry used; eviction gives a used entry a second chance (moved to the
  // end, unmarked) and drops the first unused one. Moving every hit to the end instead cost two map writes
  // per hit, on the path of every signed-in request (three caches each; bench/load, decision 041).
  const entries = new Map<K, { value: V; at: number; used: boolean }>();
  let generation = 0;

  const get = (key: K): V | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (clock() - entry.at > ttlMs) {
      entries.delete(key);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  };

  const evictOne = () => {
    for (const [key, entry] of entries) {
      entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      entries.set(key, entry);
    }
  };

  const set = (key: K, value: V) => {
    // Room is made before the new entry goes in, so it is never the one passed over.
    if (!entries.delete(key) && entries.size >= max) evictOne();
    entries.set(key, { value, at: clock(), used: false });
  };

  return {
    get,
    set,

    /**
     * The cached value, or `read()`'s, kept unless the cache was invalidated while reading. A hit is answered
     * as it is, not wrapped in a promise: callers await it either way, and a hit is every signed-in request.
     */
    load(key: K, read: () => Promise<V | undefined>): V | Promise<V | undefined> {
      const hit = get(key);
      if (hit !== undefined) return hit;
      const started = generation;
      return read().then((value) => {
        if (value !== undefined && generation === started) set(key, value);
        return value;
      });
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
