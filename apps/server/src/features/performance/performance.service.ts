import {
  PERFORMANCE_LIMITS,
  PERFORMANCE_METRICS,
  routePattern,
  SUMMARY_METRICS,
  type PerformanceBatch,
  type PerformanceSummary,
  type RoutePerformance,
  type SummaryMetric,
} from '@bookshelf/contract';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.js';
import type { MetricPercentileRow, NewPerformanceSample, PerformanceRepository } from './performance.repository.js';

/**
 * Reports per client address: a sampled session sends a batch every 30 s at most plus one on leaving, so this
 * leaves room for a household or office behind one address and stops a script filling the table.
 */
export const PERFORMANCE_REPORTS_PER_IP: RateLimitRule = {
  service: 'performance reports',
  limit: 120,
  window: 'minute',
};

const DAY_MS = 86_400_000;

/**
 * The rows a batch becomes: one per metric value, under the route pattern of the report's address (worked out
 * here, whatever the client claimed), with nothing else of the report kept.
 */
export function samplesOf(batch: PerformanceBatch): NewPerformanceSample[] {
  return batch.reports.flatMap((report) => {
    const route = routePattern(report.url);
    const connectionType = report.connectionType.trim().toLowerCase() || 'unknown';
    return PERFORMANCE_METRICS.flatMap((metric) => {
      const value = report.metrics[metric];
      return value === undefined ? [] : [{ route, metric, value, connectionType }];
    });
  });
}

/** Folds the per-metric rows into one entry per route, busiest first, then by name. */
export function summarise(rows: readonly MetricPercentileRow[]): RoutePerformance[] {
  const routes = new Map<string, RoutePerformance>();
  for (const row of rows) {
    if (!(SUMMARY_METRICS as readonly string[]).includes(row.metric)) continue;
    const entry = routes.get(row.route) ?? { route: row.route, samples: 0, metrics: {} };
    entry.samples += row.samples;
    entry.metrics[row.metric as SummaryMetric] = { p75: row.p75, samples: row.samples };
    routes.set(row.route, entry);
  }
  return [...routes.values()].sort((a, b) => b.samples - a.samples || a.route.localeCompare(b.route));
}

export function createPerformanceService({
  samples,
  limiter,
  now,
}: {
  samples: PerformanceRepository;
  limiter: RateLimiter;
  now: () => Date;
}) {
  return {
    async record(batch: PerformanceBatch, ip: string): Promise<number> {
      await limiter.hit(`performance:ip:${ip}`, PERFORMANCE_REPORTS_PER_IP);
      const rows = samplesOf(batch);
      await samples.insert(rows, now());
      return rows.length;
    },

    async summary(): Promise<PerformanceSummary> {
      const days = PERFORMANCE_LIMITS.summaryDays;
      const since = new Date(now().getTime() - days * DAY_MS);
      return { since: since.toISOString(), days, routes: summarise(await samples.percentiles(since)) };
    },

    prune: () => samples.pruneBefore(new Date(now().getTime() - PERFORMANCE_LIMITS.retentionDays * DAY_MS)),
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
