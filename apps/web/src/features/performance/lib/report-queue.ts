import type { PerformanceReport } from '@bookshelf/contract';

/** How a batch leaves: fetch while the page lives, navigator.sendBeacon when it is being hidden or closed. */
export type Transport = 'fetch' | 'beacon';

export interface ReportQueueOptions {
  /** Reports go out as soon as this many wait (spec core.md §9: batch 10). */
  batchSize: number;
  /** The most one request carries (the server's limit); a longer queue leaves in several. */
  maxBatch: number;
  send: (reports: PerformanceReport[], via: Transport) => void;
}

/** The reports waiting to be sent: a full batch leaves at once, the rest when flushed. */
export function createReportQueue({ batchSize, maxBatch, send }: ReportQueueOptions) {
  const pending: PerformanceReport[] = [];

  function flush(via: Transport): void {
    while (pending.length > 0) send(pending.splice(0, maxBatch), via);
  }

  return {
    add(report: PerformanceReport): void {
      pending.push(report);
      if (pending.length >= batchSize) flush('fetch');
    },
    flush,
    get size() {
      return pending.length;
    },
  };
}
export type ReportQueue = ReturnType<typeof createReportQueue>;

/**
 * Flushes every `intervalMs` (spec: flush every 30 s) and by beacon when the page is hidden or left
 * (pagehide, visibilitychange to hidden: the last moments a page is sure to get). Answers a stop function.
 */
export function flushPeriodically(
  queue: Pick<ReportQueue, 'flush'>,
  { intervalMs, win = window, doc = document }: { intervalMs: number; win?: Window; doc?: Document },
): () => void {
  const timer = win.setInterval(() => queue.flush('fetch'), intervalMs);
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') queue.flush('beacon');
  };
  const onPageHide = () => queue.flush('beacon');
  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    win.clearInterval(timer);
    doc.removeEventListener('visibilitychange', onHidden);
    win.removeEventListener('pagehide', onPageHide);
  };
}
