import type { FileCacheEntry, FileCacheStore } from './file-cache';

/** A FileCacheStore in memory: the tests' store, and the fallback where IndexedDB is missing or refused. */
export function createMemoryStore(): FileCacheStore {
  const map = new Map<string, FileCacheEntry>();
  return {
    get: async (key) => map.get(key),
    put: async (key, entry) => void map.set(key, entry),
    delete: async (key) => void map.delete(key),
    entries: async () => [...map.entries()],
    clear: async () => map.clear(),
  };
}
