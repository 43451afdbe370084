import { describe, expect, it } from 'vitest';
import { createVersionedCache } from './versioned-cache.js';

describe('createVersionedCache', () => {
  const setup = () => {
    const versions = new Map<string, number>();
    const rows = new Map<string, string>();
    let loads = 0;
    const cache = createVersionedCache<string>({ version: async (userId) => versions.get(userId) ?? 0, max: 2 });
    const read = (userId: string) =>
      cache.get(userId, async () => {
        loads += 1;
        return rows.get(userId) ?? 'none';
      });
    return { versions, rows, read, cache, loads: () => loads };
  };

  it('reads the value once per version, and again as soon as the version moves', async () => {
    const t = setup();
    t.rows.set('ann', 'Ann');
    expect(await t.read('ann')).toBe('Ann');
    t.rows.set('ann', 'Ann B'); // changed without a bump: the cache may keep the old value
    expect(await t.read('ann')).toBe('Ann');
    expect(t.loads()).toBe(1);
    t.versions.set('ann', 1);
    expect(await t.read('ann')).toBe('Ann B');
    expect(t.loads()).toBe(2);
  });

  it('keeps users apart, bounded in number, and forgets on request', async () => {
    const t = setup();
    t.rows.set('ann', 'Ann').set('bob', 'Bob').set('cy', 'Cy');
    expect([await t.read('ann'), await t.read('bob')]).toEqual(['Ann', 'Bob']);
    await t.read('cy'); // evicts ann, the least recently used
    await t.read('ann');
    expect(t.loads()).toBe(4);
    t.cache.forget('ann');
    await t.read('ann');
    expect(t.loads()).toBe(5);
  });

  it('keeps a value read after a concurrent bump under the older version only until the next read', async () => {
    const t = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.rows.set('ann', 'old');
    const slow = t.cache.get('ann', async () => {
      await gate;
      return t.rows.get('ann')!;
    });
    // The write commits while the read is under way: new row, new version.
    t.rows.set('ann', 'new');
    t.versions.set('ann', 1);
    release();
    expect(await slow).toBe('new');
    expect(await t.read('ann')).toBe('new');
  });
});
