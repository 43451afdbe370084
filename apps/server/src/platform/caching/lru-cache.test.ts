import { describe, expect, it } from 'vitest';
import { matches } from './conditional-requests.js';
import { createLruCache } from './lru-cache.js';

describe('createLruCache', () => {
  it('keeps at most `max` entries, dropping the least recently used', () => {
    const cache = createLruCache<string, number>({ max: 2, ttlMs: 1_000, clock: () => 0 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('gives each used entry a second chance, then drops the oldest, when all were used', () => {
    const cache = createLruCache<string, number>({ max: 2, ttlMs: 1_000, clock: () => 0 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.get('b');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });

  it('does not answer an entry older than ttlMs', () => {
    let now = 0;
    const cache = createLruCache<string, number>({ max: 10, ttlMs: 100, clock: () => now });
    cache.set('a', 1);
    now = 100;
    expect(cache.get('a')).toBe(1);
    now = 101;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store a value read before an invalidation that happened while reading', async () => {
    const cache = createLruCache<string, string>({ max: 10, ttlMs: 1_000 });
    let finish: (value: string) => void = () => undefined;
    const loading = cache.load('session', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.deleteWhere((value) => value === 'anything'); // a revocation heard meanwhile
    finish('read before the revocation');
    expect(await loading).toBe('read before the revocation');
    expect(cache.get('session')).toBeUndefined();
    expect(await cache.load('session', async () => 'read again')).toBe('read again');
    expect(cache.get('session')).toBe('read again');
  });

  it('forgets the entries a predicate picks, and everything on clear', () => {
    const cache = createLruCache<string, { userId: string }>({ max: 10, ttlMs: 1_000 });
    cache.set('s1', { userId: 'u1' });
    cache.set('s2', { userId: 'u2' });
    cache.deleteWhere((v) => v.userId === 'u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, { userId: 'u2' }]);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('If-None-Match', () => {
  it('compares weakly, in a list, and accepts *', () => {
    const tag = 'W/"abc"';
    expect(matches('W/"abc"', tag)).toBe(true);
    expect(matches('"abc"', tag)).toBe(true);
    expect(matches('"x", W/"abc"', tag)).toBe(true);
    expect(matches('*', tag)).toBe(true);
    expect(matches('W/"abd"', tag)).toBe(false);
    expect(matches(undefined, tag)).toBe(false);
  });
});
