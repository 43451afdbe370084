import type { FileCacheEntry, FileCacheStore } from './file-cache';

const DB_NAME = 'bookshelf-file-cache';
const STORE = 'files';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return done(request);
}

/** The FileCacheStore in IndexedDB, one object store keyed by the cache key; Blobs are stored as they are. */
export function createIdbStore(factory: IDBFactory = indexedDB): FileCacheStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= open(factory));

  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const transaction = (await database()).transaction(STORE, mode);
    return done(work(transaction.objectStore(STORE)));
  }

  return {
    get: (key) => run('readonly', (store) => store.get(key) as IDBRequest<FileCacheEntry | undefined>),
    put: async (key, entry) => void (await run('readwrite', (store) => store.put(entry, key))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
    entries: async () => {
      // One transaction, so the keys and the values are read from the same state.
      const store = (await database()).transaction(STORE, 'readonly').objectStore(STORE);
      const [keys, values] = await Promise.all([
        done(store.getAllKeys()),
        done(store.getAll() as IDBRequest<FileCacheEntry[]>),
      ]);
      return keys.map((key, i) => [key as string, values[i]!] as [string, FileCacheEntry]);
    },
    clear: async () => void (await run('readwrite', (store) => store.clear())),
  };
}
