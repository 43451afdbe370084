import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StorageMessages, storageFraction } from './storage.js';

describe('a reader’s storage space', () => {
  it('reads as "x of y used", or "x used" without a limit', () => {
    expect(StorageMessages.usage({ usedBytes: 512 * 1024, quotaBytes: 5 * 1024 ** 3 })).toBe('512.0 KB of 5.0 GB used');
    expect(StorageMessages.usage({ usedBytes: 0, quotaBytes: null })).toBe('0 B used');
  });

  it('is full from 0 to 1, never past it, and has no fraction without a limit', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (usedBytes, quotaBytes) => {
        const fraction = storageFraction({ usedBytes, quotaBytes })!;
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
        if (quotaBytes > 0 && usedBytes <= quotaBytes) expect(fraction).toBeCloseTo(usedBytes / quotaBytes);
      }),
    );
    expect(storageFraction({ usedBytes: 10, quotaBytes: null })).toBeNull();
  });

  it('says how much is left when an upload would not fit, never a negative amount', () => {
    expect(StorageMessages.quotaExceeded(2048)).toContain('2.0 KB left');
    expect(StorageMessages.quotaExceeded(-5)).toContain('0 B left');
  });
});
