export interface BatchTarget {
  /** How long one batch's statement should take: what another reader's request may wait behind it. */
  targetMs: number;
  /** The first batch's rows, before anything is measured (small: the reader's page sees progress at once). */
  first: number;
  min: number;
  max: number;
  /**
   * Whether each batch waits for the API requests in flight to finish first (PostgreSQL: they share the CPUs);
   * PGlite runs statements one at a time in the order they come, so another reader's waits one batch at most.
   */
  waitForRequests: boolean;
}

/**
 * Rows per batch from time, not from a count tuned to one machine (decision 061): each batch's time per row,
 * smoothed over the last few, sets the next batch to take about `targetMs`. A batch may grow to at most twice
 * the last one, so one fast batch on a quiet moment does not make the next one long; it shrinks at once when
 * the database slows down (another reader's work, a checkpoint).
 */
export function createBatchSizer({ targetMs, first, min, max }: BatchTarget) {
  let size = Math.max(min, Math.min(max, first));
  let msPerRow: number | undefined;
  return {
    next: () => size,
    /** The time one batch of `rows` rows took. */
    record(rows: number, ms: number) {
      if (rows <= 0) return;
      const measured = Math.max(ms, 0.01) / rows;
      msPerRow = msPerRow === undefined ? measured : 0.5 * msPerRow + 0.5 * measured;
      const fits = Math.floor(targetMs / msPerRow);
      size = Math.max(min, Math.min(max, 2 * rows, fits));
    },
  };
}
