import { describe, expect, it } from 'vitest';
import { createBatchSizer } from './batch-sizer.js';

const target = { targetMs: 30, first: 20, min: 10, max: 1000, waitForRequests: true };

describe('rows per import batch, from time', () => {
  it('starts at the first size, and grows at most twice over per batch towards the target', () => {
    const sizer = createBatchSizer(target);
    expect(sizer.next()).toBe(20);
    // 20 rows in 3 ms: 300 would fit 30 ms, but one quick batch does not make the next one 15 times longer.
    sizer.record(20, 3);
    expect(sizer.next()).toBe(40);
    sizer.record(40, 6);
    expect(sizer.next()).toBe(80);
    sizer.record(80, 12);
    sizer.record(160, 24);
    expect(sizer.next()).toBe(200);
  });

  it('shrinks at once when the database slows down, and never below min or above max', () => {
    const sizer = createBatchSizer(target);
    sizer.record(20, 3);
    sizer.record(40, 6);
    // A batch of 80 takes 240 ms (another reader's work): 3 ms a row, smoothed with the 0.15 before.
    sizer.record(80, 240);
    expect(sizer.next()).toBe(Math.floor(30 / ((0.15 + 3) / 2)));
    sizer.record(19, 2_000);
    expect(sizer.next()).toBe(10);
    const fast = createBatchSizer(target);
    for (let rows = 20; rows < 5_000; rows *= 2) fast.record(rows, 0);
    expect(fast.next()).toBe(1000);
  });
});
