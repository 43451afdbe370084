import { FileCacheLimits } from '@bookshelf/contract';

/** core.md §3 "File cache entry": what a cached file carries beside its bytes. */
export interface FileCacheMetadata {
  fileId: string;
  fileName: string;
  fileType: string;
  contentType: string;
}

export interface FileCacheEntry {
  data: Blob;
  /** When it was stored; the age limit counts from here. */
  timestamp: number;
  size: number;
  accessCount: number;
  lastAccessed: number;
  metadata: FileCacheMetadata;
}

/** Where entries live: IndexedDB in the browser (file-cache-idb.ts), a Map in tests and where it is missing. */
export interface FileCacheStore {
  get(key: string): Promise<FileCacheEntry | undefined>;
  put(key: string, entry: FileCacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
  entries(): Promise<[string, FileCacheEntry][]>;
  clear(): Promise<void>;
}

export interface CacheLimits {
  maxBytes: number;
  maxEntries: number;
  maxAgeMs: number;
  accessWeightMs: number;
}

/** core.md §9: the lower the score, the sooner it goes: last access minus one minute per access. */
export const evictionScore = (entry: FileCacheEntry, limits: CacheLimits = FileCacheLimits) =>
  entry.lastAccessed - limits.accessWeightMs * entry.accessCount;

export const isExpired = (entry: FileCacheEntry, now: number, limits: CacheLimits = FileCacheLimits) =>
  now - entry.timestamp > limits.maxAgeMs;

/**
 * The keys to drop so that `incomingSize` more bytes fit in one more entry: every expired entry, then the
 * lowest-scoring until both the byte and the entry limits hold. Pure, so the rule is tested on its own.
 */
export function planEviction(
  entries: readonly (readonly [string, FileCacheEntry])[],
  incomingSize: number,
  now: number,
  limits: CacheLimits = FileCacheLimits,
): string[] {
  const drop: string[] = [];
  const kept: (readonly [string, FileCacheEntry])[] = [];
  for (const item of entries) {
    if (isExpired(item[1], now, limits)) drop.push(item[0]);
    else kept.push(item);
  }
  kept.sort((a, b) => evictionScore(a[1], limits) - evictionScore(b[1], limits));
  let bytes = kept.reduce((sum, [, entry]) => sum + entry.size, 0);
  let count = kept.length;
  for (const [key, entry] of kept) {
    if (count + 1 <= limits.maxEntries && bytes + incomingSize <= limits.maxBytes) break;
    drop.push(key);
    bytes -= entry.size;
    count -= 1;
  }
  return drop;
}

export interface FileCacheOptions {
  now?: () => number;
  limits?: CacheLimits;
}

/**
 * The browser's cache of downloaded files (core.md §9): at most 100 MB in 50 entries, each kept 24 hours,
 * least-recently-used out first. Operations run one at a time, so two downloads finishing together cannot
 * both count the same free space.
 */
export class FileCache {
  private readonly now: () => number;
  private readonly limits: CacheLimits;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: FileCacheStore,
    { now = Date.now, limits = FileCacheLimits }: FileCacheOptions = {},
  ) {
    this.now = now;
    this.limits = limits;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The entry, counted as an access; an expired one is dropped and missed. */
  get(key: string): Promise<FileCacheEntry | undefined> {
    return this.serial(async () => {
      const entry = await this.store.get(key);
      if (!entry) return undefined;
      const now = this.now();
      if (isExpired(entry, now, this.limits)) {
        await this.store.delete(key);
        return undefined;
      }
      const touched = { ...entry, accessCount: entry.accessCount + 1, lastAccessed: now };
      await this.store.put(key, touched);
      return touched;
    });
  }

  /** Whether a fresh entry exists, without counting an access (the prefetcher asks this). */
  has(key: string): Promise<boolean> {
    return this.serial(async () => {
      const entry = await this.store.get(key);
      return entry !== undefined && !isExpired(entry, this.now(), this.limits);
    });
  }

  /** The keys of the fresh entries, without counting an access. */
  keys(): Promise<string[]> {
    return this.serial(async () => {
      const now = this.now();
      return (await this.store.entries()).filter(([, entry]) => !isExpired(entry, now, this.limits)).map(([k]) => k);
    });
  }

  /**
   * Stores a file, evicting what it must first; answers false when the file alone is larger than the cache.
   * Other versions of the same file (an older modifiedAt) go, since they can never be read again.
   */
  put(key: string, data: Blob, metadata: FileCacheMetadata): Promise<boolean> {
    return this.serial(async () => {
      if (data.size > this.limits.maxBytes) return false;
      const all = (await this.store.entries()).filter(([other]) => other !== key);
      const entries = all.filter(([, entry]) => entry.metadata.fileId !== metadata.fileId);
      const stale = all.filter(([, entry]) => entry.metadata.fileId === metadata.fileId).map(([other]) => other);
      await this.store.delete(key);
      for (const drop of [...stale, ...planEviction(entries, data.size, this.now(), this.limits)]) {
        await this.store.delete(drop);
      }
      const now = this.now();
      await this.store.put(key, { data, timestamp: now, size: data.size, accessCount: 0, lastAccessed: now, metadata });
      return true;
    });
  }

  /** Drops expired entries; returns how many went. */
  evictExpired(): Promise<number> {
    return this.serial(async () => {
      const now = this.now();
      const expired = (await this.store.entries()).filter(([, entry]) => isExpired(entry, now, this.limits));
      for (const [key] of expired) await this.store.delete(key);
      return expired.length;
    });
  }

  delete(key: string): Promise<void> {
    return this.serial(() => this.store.delete(key));
  }

  clear(): Promise<void> {
    return this.serial(() => this.store.clear());
  }

  /** Entry count and bytes held. */
  stats(): Promise<{ entries: number; bytes: number }> {
    return this.serial(async () => {
      const entries = await this.store.entries();
      return { entries: entries.length, bytes: entries.reduce((sum, [, entry]) => sum + entry.size, 0) };
    });
  }
}
