import { FileCacheLimits } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { evictionScore, FileCache, planEviction, type CacheLimits, type FileCacheEntry } from './file-cache';
import { createMemoryStore } from './file-cache-memory';

const MINUTE = 60_000;
const meta = (fileId: string) => ({
  fileId,
  fileName: `${fileId}.pdf`,
  fileType: 'pdf',
  contentType: 'application/pdf',
});
const bytes = (n: number) => new Blob([new Uint8Array(n)]);

function setup(limits: Partial<CacheLimits> = {}) {
  let time = 1_000_000_000;
  const cache = new FileCache(createMemoryStore(), {
    now: () => time,
    limits: { ...FileCacheLimits, ...limits },
  });
  return { cache, tick: (ms: number) => (time += ms) };
}

const entry = (over: Partial<FileCacheEntry>): FileCacheEntry => ({
  data: bytes(1),
  timestamp: 0,
  size: 1,
  accessCount: 0,
  lastAccessed: 0,
  metadata: meta('x'),
  ...over,
});

describe('file cache rules (core.md §9)', () => {
  it('uses the spec limits: 100 MB, 50 entries, 24 hours, one minute per access', () => {
    expect(FileCacheLimits).toMatchObject({
      maxBytes: 100 * 1024 * 1024,
      maxEntries: 50,
      maxAgeMs: 24 * 60 * MINUTE,
      accessWeightMs: MINUTE,
    });
  });

  it('scores an entry as last access minus one minute per access', () => {
    expect(evictionScore(entry({ lastAccessed: 10 * MINUTE, accessCount: 3 }))).toBe(7 * MINUTE);
  });

  it('plans expired entries out first, then the lowest score until the new file fits', () => {
    const now = 2 * 24 * 60 * MINUTE;
    const limits = { ...FileCacheLimits, maxEntries: 3 };
    const plan = planEviction(
      [
        ['old', entry({ timestamp: 0, lastAccessed: now })],
        ['often', entry({ timestamp: now, lastAccessed: now - 5 * MINUTE, accessCount: 10 })],
        ['once', entry({ timestamp: now, lastAccessed: now - 2 * MINUTE, accessCount: 0 })],
        ['recent', entry({ timestamp: now, lastAccessed: now, accessCount: 0 })],
      ],
      1,
      now,
      limits,
    );
    expect(plan).toEqual(['old', 'often']);
  });
});

describe('FileCache', () => {
  it('stores and reads back a file, counting each read', async () => {
    const { cache, tick } = setup();
    expect(await cache.put('a', bytes(10), meta('a'))).toBe(true);
    tick(MINUTE);
    const first = await cache.get('a');
    expect(first?.size).toBe(10);
    expect(first?.accessCount).toBe(1);
    expect(first?.metadata).toEqual(meta('a'));
    expect((await cache.get('a'))?.accessCount).toBe(2);
    expect(await cache.get('missing')).toBeUndefined();
  });

  it('misses and drops an entry older than 24 hours', async () => {
    const { cache, tick } = setup();
    await cache.put('a', bytes(1), meta('a'));
    tick(24 * 60 * MINUTE);
    expect(await cache.has('a')).toBe(true);
    tick(1);
    expect(await cache.has('a')).toBe(false);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps at most the entry limit, evicting the least recently used', async () => {
    const { cache, tick } = setup({ maxEntries: 2 });
    await cache.put('a', bytes(1), meta('a'));
    tick(MINUTE);
    await cache.put('b', bytes(1), meta('b'));
    tick(2 * MINUTE);
    await cache.get('a'); // a is now the more recent, even after its access counts a minute against it
    tick(MINUTE);
    await cache.put('c', bytes(1), meta('c'));
    expect((await cache.keys()).sort()).toEqual(['a', 'c']);
  });

  // The spec's formula taken as written (core.md §9): each access takes a minute off the score, and the lowest goes.
  it('counts each access one minute against the entry', async () => {
    const { cache, tick } = setup({ maxEntries: 2 });
    await cache.put('a', bytes(1), meta('a'));
    tick(MINUTE);
    await cache.put('b', bytes(1), meta('b'));
    tick(MINUTE);
    for (let i = 0; i < 3; i += 1) await cache.get('a'); // score: now - 3 min, below b's now - 1 min
    await cache.put('c', bytes(1), meta('c'));
    expect((await cache.keys()).sort()).toEqual(['b', 'c']);
  });

  it('evicts until the bytes fit and refuses a file larger than the whole cache', async () => {
    const { cache, tick } = setup({ maxBytes: 100 });
    await cache.put('a', bytes(40), meta('a'));
    tick(1);
    await cache.put('b', bytes(40), meta('b'));
    tick(1);
    await cache.put('c', bytes(40), meta('c'));
    expect((await cache.keys()).sort()).toEqual(['b', 'c']);
    expect(await cache.stats()).toEqual({ entries: 2, bytes: 80 });
    expect(await cache.put('huge', bytes(101), meta('huge'))).toBe(false);
    expect((await cache.keys()).sort()).toEqual(['b', 'c']);
  });

  it('replaces an older version of the same file', async () => {
    const { cache } = setup();
    await cache.put('a:2026-01-01', bytes(5), meta('a'));
    await cache.put('a:2026-02-01', bytes(6), meta('a'));
    expect(await cache.keys()).toEqual(['a:2026-02-01']);
  });

  it('drops expired entries and clears', async () => {
    const { cache, tick } = setup();
    await cache.put('a', bytes(1), meta('a'));
    tick(25 * 60 * MINUTE);
    await cache.put('b', bytes(1), meta('b'));
    expect(await cache.evictExpired()).toBe(0); // put already dropped a
    expect(await cache.keys()).toEqual(['b']);
    await cache.clear();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });
});
