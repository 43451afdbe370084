import { ImageLimits, ImageMessages } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { compressionTarget, fileProblem, fitWithin, qualitySteps, takeRoom, usedPercent } from './compression-plan';

const KB = 1024;

describe('compressionTarget', () => {
  it('gives each photo the budget divided by the number of photos (core.md §9)', () => {
    expect(compressionTarget({ usedBytes: 0, existingCount: 0, newCount: 1 })).toBe(1024 * KB);
    expect(compressionTarget({ usedBytes: 0, existingCount: 0, newCount: 4 })).toBe(256 * KB);
    expect(compressionTarget({ usedBytes: 0, existingCount: 0, newCount: 3 })).toBe(Math.floor((1024 * KB) / 3));
  });

  it('never gives new photos more than the stored ones leave free', () => {
    // Two stored photos took 900 KB when they were alone: one more gets the 124 KB left, not a third of 1024.
    expect(compressionTarget({ usedBytes: 900 * KB, existingCount: 2, newCount: 1 })).toBe(124 * KB);
    expect(compressionTarget({ usedBytes: 900 * KB, existingCount: 2, newCount: 2 })).toBe(62 * KB);
    // Two small stored photos leave plenty: the spec's share applies.
    expect(compressionTarget({ usedBytes: 100 * KB, existingCount: 2, newCount: 2 })).toBe(256 * KB);
  });

  it('is 0 with nothing left or nothing to compress', () => {
    expect(compressionTarget({ usedBytes: 1100 * KB, existingCount: 4, newCount: 1 })).toBe(0);
    expect(compressionTarget({ usedBytes: 0, existingCount: 0, newCount: 0 })).toBe(0);
  });
});

describe('fitWithin', () => {
  it('scales down to fit 800×1200, keeping the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 800, height: 1067 });
    expect(fitWithin(1000, 3000)).toEqual({ width: 400, height: 1200 });
    expect(fitWithin(800, 1200)).toEqual({ width: 800, height: 1200 });
  });

  it('never scales up, and never to nothing', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(10_000, 1)).toEqual({ width: 800, height: 1 });
  });
});

describe('qualitySteps', () => {
  it('goes from 0.8 down by 0.1 to 0.1', () => {
    expect(qualitySteps()).toEqual([0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
  });
});

describe('fileProblem', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('takes JPEG, JPG, PNG and WebP', () => {
    for (const f of [
      file('a.jpg', 'image/jpeg'),
      file('a.jpeg', 'image/jpeg'),
      file('a.png', 'image/png'),
      file('a.webp', 'image/webp'),
      file('A.JPG', ''),
    ]) {
      expect(fileProblem(f)).toBeUndefined();
    }
  });

  it('refuses other types with the spec’s message', () => {
    for (const f of [
      file('a.gif', 'image/gif'),
      file('a.heic', 'image/heic'),
      file('a.png', 'text/html'),
      file('x', ''),
    ]) {
      expect(fileProblem(f)).toBe(ImageMessages.invalidType);
    }
  });

  it('refuses an original of 50 MB or more', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg', ImageLimits.maxOriginalBytes - 1))).toBeUndefined();
    expect(fileProblem(file('a.jpg', 'image/jpeg', ImageLimits.maxOriginalBytes))).toBe(ImageMessages.tooLarge);
  });
});

describe('takeRoom', () => {
  it('keeps the first files up to 5 photos in all and counts the rest as dropped', () => {
    expect(takeRoom([1, 2, 3, 4, 5, 6, 7], 0)).toEqual({ taken: [1, 2, 3, 4, 5], dropped: 2 });
    expect(takeRoom([1, 2, 3], 3)).toEqual({ taken: [1, 2], dropped: 1 });
    expect(takeRoom([1], 5)).toEqual({ taken: [], dropped: 1 });
    expect(takeRoom([1, 2], 1)).toEqual({ taken: [1, 2], dropped: 0 });
  });
});

describe('usedPercent', () => {
  it('is the rounded share of the budget, past 100 when over', () => {
    expect(usedPercent(0)).toBe(0);
    expect(usedPercent(512 * KB)).toBe(50);
    expect(usedPercent(1536 * KB)).toBe(150);
  });
});
