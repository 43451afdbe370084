import { FileCache, type FileCacheStore } from './file-cache';
import { createIdbStore } from './file-cache-idb';
import { createMemoryStore } from './file-cache-memory';

/**
 * IndexedDB when the browser has it, else memory. A browser that refuses IndexedDB at open time (some private
 * modes) switches to memory on the first failure, so a download never fails because of the cache.
 */
function createDefaultStore(): FileCacheStore {
  if (typeof indexedDB === 'undefined') return createMemoryStore();
  const memory = createMemoryStore();
  let current: FileCacheStore = createIdbStore();
  const guarded =
    <A extends unknown[], R>(call: (store: FileCacheStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(current, ...args);
      } catch {
        current = memory;
        return call(current, ...args);
      }
    };
  return {
    get: guarded((store, key: string) => store.get(key)),
    put: guarded((store, key: string, entry: Parameters<FileCacheStore['put']>[1]) => store.put(key, entry)),
    delete: guarded((store, key: string) => store.delete(key)),
    entries: guarded((store) => store.entries()),
    clear: guarded((store) => store.clear()),
  };
}

let instance: FileCache | null = null;

/** The app's one file cache, made on first use. */
export const fileCache = (): FileCache => (instance ??= new FileCache(createDefaultStore()));

/** For tests: start from an empty cache (or a given one). */
export function setFileCacheForTests(cache: FileCache | null): void {
  instance = cache;
}
