/**
 * Real users' page speed (spec core.md §9 "Performance monitoring", §3 Performance report, §7
 * POST /api/analytics/performance): the constants word for word, and the pure rules both sides share.
 */

/** Batch 10: reports are sent ten at a time. */
export const PERFORMANCE_BATCH_SIZE = 10;
/** Flush every 30 s: whatever is waiting is sent at least this often. */
export const PERFORMANCE_FLUSH_INTERVAL_MS = 30_000;
/** Memory warning above 80 percent of the JS heap limit. */
export const PERFORMANCE_MEMORY_WARNING_RATIO = 0.8;
/** Slow render above 16 ms (one frame at 60 Hz). */
export const PERFORMANCE_SLOW_RENDER_MS = 16;
/** Budgets in KB: js 250, css 50, images 500, fonts 100, total 1000. */
export const PERFORMANCE_BUDGETS_KB = { js: 250, css: 50, images: 500, fonts: 100, total: 1000 } as const;
export type PerformanceBudgetKind = keyof typeof PERFORMANCE_BUDGETS_KB;

/**
 * The metrics a report may carry. FID is the spec's; web-vitals 5 no longer measures it (INP replaced it in
 * Core Web Vitals in 2024), so reports from this app carry INP, and FID is accepted from older clients.
 */
export const PERFORMANCE_METRICS = ['LCP', 'FID', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];

/** The metrics the admin page summarises, in its column order. */
export const SUMMARY_METRICS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];

/**
 * Thresholds (good/poor) of spec core.md §9: at or below `good` is good, above `poor` is poor, between
 * needs improvement. INP is not in the spec's list (it names FID, which INP replaced); its values are the
 * Core Web Vitals' own (web.dev/articles/inp: 200 and 500 ms), the same scale web-vitals rates with.
 */
export const PERFORMANCE_THRESHOLDS: Record<PerformanceMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  FID: { good: 100, poor: 300 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
  INP: { good: 200, poor: 500 },
};

export type PerformanceRating = 'good' | 'needs-improvement' | 'poor';

export function ratePerformance(metric: PerformanceMetric, value: number): PerformanceRating {
  const { good, poor } = PERFORMANCE_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value > poor ? 'poor' : 'needs-improvement';
}

/** CLS is a unitless score; every other metric is milliseconds. */
export const isUnitlessMetric = (metric: PerformanceMetric) => metric === 'CLS';

/** Limits on what the server accepts, so a bad or hostile client gets a 400 naming the field. */
export const PERFORMANCE_LIMITS = {
  /** A batch is 10; a client that could not send for a while may send what it kept, up to this. */
  maxReportsPerBatch: 50,
  sessionIdMaxLength: 64,
  urlMaxLength: 2048,
  userAgentMaxLength: 512,
  shortTextMaxLength: 32,
  /** Any millisecond metric above ten minutes is a broken clock, not a slow page. */
  maxMilliseconds: 600_000,
  /** Layout shift scores above this are not real pages. */
  maxCls: 100,
  /** The summary's window. */
  summaryDays: 7,
  /** Stored samples are pruned after this many days. */
  retentionDays: 30,
} as const;
