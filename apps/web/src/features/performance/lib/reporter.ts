import {
  PERFORMANCE_BATCH_SIZE,
  PERFORMANCE_FLUSH_INTERVAL_MS,
  PERFORMANCE_LIMITS,
  PERFORMANCE_METRICS,
  type PerformanceMetric,
} from '@bookshelf/contract';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { setLiveMetric } from './live-metrics';
import { createReportQueue, flushPeriodically, type ReportQueue } from './report-queue';
import { readEnvironment, toReport } from './reports';
import { sendBatch, toBatch } from './transport';

/*
 * The real-user reporter: loaded with import() after the page is idle, only by sampled sessions or when the
 * hidden dashboard is enabled (components/performance-tools.tsx), so web-vitals never weighs on a first load.
 * web-vitals reads the buffered entries of the page load, so loading it late still measures it; the values
 * belong to the route the page was loaded on (it measures hard navigations, not the app's in-page ones).
 */

let queue: ReportQueue | null = null;
let started = false;

const isMetric = (name: string): name is PerformanceMetric => (PERFORMANCE_METRICS as readonly string[]).includes(name);

/** How many reports wait to be sent (the debug box and dashboard show it). */
export const pendingReports = () => queue?.size ?? 0;

export function startReporter({ send, live }: { send: boolean; live: boolean }): void {
  if (started) return;
  started = true;
  const env = readEnvironment();
  if (send) {
    queue = createReportQueue({
      batchSize: PERFORMANCE_BATCH_SIZE,
      maxBatch: PERFORMANCE_LIMITS.maxReportsPerBatch,
      send: (reports, via) => sendBatch(toBatch(reports, new Date()), via),
    });
  }
  const report = (metric: Metric) => {
    if (!queue) return;
    const built = toReport(metric, env, new Date());
    if (built) queue.add(built);
    // CLS and INP arrive as the page is hidden, possibly after this module's own hidden listener ran.
    if (document.visibilityState === 'hidden') queue.flush('beacon');
  };
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) {
    on(report);
    // The dashboard shows values as they change; the reports carry only the final ones.
    if (live)
      on((metric) => isMetric(metric.name) && setLiveMetric(metric.name, metric.value), { reportAllChanges: true });
  }
  if (queue) flushPeriodically(queue, { intervalMs: PERFORMANCE_FLUSH_INTERVAL_MS });
}
