import { setImmediate } from 'node:timers/promises';

/** The longest an import's own JavaScript runs before it gives the event loop back (decisions 066, 071). */
export const MAX_SLICE_MS = 2;

/**
 * Long work done a few milliseconds at a time: the caller asks `due()` between two units of work (a row) and,
 * when it says so, awaits `pause()`, which lets every request that arrived meanwhile run first. By time, not a
 * count of rows: a slice of 250 rows was ~10 ms here, as long as another reader's whole answer (issue 28).
 */
export function createTimeSlices(maxMs = MAX_SLICE_MS) {
  let ends = performance.now() + maxMs;
  return {
    due: () => performance.now() >= ends,
    async pause(): Promise<void> {
      await setImmediate();
      ends = performance.now() + maxMs;
    },
  };
}
