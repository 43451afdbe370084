import { z } from 'zod/mini';
import { PERFORMANCE_LIMITS as L } from './performance-rules.js';
import { dateInput, textInput } from './wire-values.js';

/**
 * Performance reports on the wire (spec core.md §3 "Performance report": sessionId, timestamp, url,
 * userAgent, connectionType, metrics, context; §7 POST /api/analytics/performance {reports[],
 * metadata{sdkVersion, timestamp}}). The server stores only the route pattern, metric and value of each.
 */

const text = (field: string, max: number) =>
  textInput(`${field} must be text.`).check(z.maxLength(max, `${field} must be at most ${max} characters.`));

const milliseconds = (name: string) =>
  z
    .number(`${name} must be a number.`)
    .check(
      z.minimum(0, `${name} must not be negative.`),
      z.maximum(L.maxMilliseconds, `${name} must be at most ${L.maxMilliseconds} ms.`),
    );

/** The values measured on one page view; each is optional, since a page may unload before it has them all. */
export const PerformanceMetricsSchema = z.object({
  LCP: z.optional(milliseconds('LCP')),
  FID: z.optional(milliseconds('FID')),
  INP: z.optional(milliseconds('INP')),
  FCP: z.optional(milliseconds('FCP')),
  TTFB: z.optional(milliseconds('TTFB')),
  CLS: z.optional(
    z
      .number('CLS must be a number.')
      .check(z.minimum(0, 'CLS must not be negative.'), z.maximum(L.maxCls, `CLS must be at most ${L.maxCls}.`)),
  ),
});
export type PerformanceMetrics = z.infer<typeof PerformanceMetricsSchema>;

/** Where the page was: the route pattern the client matched, and how the page was reached. */
export const PerformanceContextSchema = z.object({
  route: z.optional(text('route', L.urlMaxLength)),
  /** web-vitals' navigationType: navigate, reload, back-forward, prerender… */
  navigationType: z.optional(text('navigationType', L.shortTextMaxLength)),
  viewportWidth: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
});
export type PerformanceContext = z.infer<typeof PerformanceContextSchema>;

export const PerformanceReportSchema = z.object({
  sessionId: textInput('sessionId must be text.').check(
    z.minLength(1, 'sessionId must not be empty.'),
    z.maxLength(L.sessionIdMaxLength, `sessionId must be at most ${L.sessionIdMaxLength} characters.`),
  ),
  timestamp: dateInput('timestamp', 'instant'),
  url: text('url', L.urlMaxLength),
  userAgent: text('userAgent', L.userAgentMaxLength),
  /** navigator.connection.effectiveType (4g, 3g…), or unknown where the browser does not tell. */
  connectionType: text('connectionType', L.shortTextMaxLength),
  metrics: PerformanceMetricsSchema,
  context: z.optional(PerformanceContextSchema),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;

export const PerformanceBatchSchema = z.object({
  reports: z
    .array(PerformanceReportSchema, 'reports must be a list.')
    .check(z.maxLength(L.maxReportsPerBatch, `reports must hold at most ${L.maxReportsPerBatch} reports.`)),
  metadata: z.object({
    sdkVersion: text('sdkVersion', L.shortTextMaxLength),
    timestamp: dateInput('metadata.timestamp', 'instant'),
  }),
});
export type PerformanceBatch = z.infer<typeof PerformanceBatchSchema>;

/** How many metric values of the batch were stored. */
export const PerformanceBatchResultSchema = z.object({ stored: z.number() });
export type PerformanceBatchResult = z.infer<typeof PerformanceBatchResultSchema>;

const MetricSummarySchema = z.object({ p75: z.number(), samples: z.number() });
export type MetricSummary = z.infer<typeof MetricSummarySchema>;

export const RoutePerformanceSchema = z.object({
  route: z.string(),
  /** Every stored value of the route in the window, all metrics together. */
  samples: z.number(),
  /** p75 per metric; a metric with no value in the window is absent. */
  metrics: z.object({
    LCP: z.optional(MetricSummarySchema),
    CLS: z.optional(MetricSummarySchema),
    INP: z.optional(MetricSummarySchema),
    FCP: z.optional(MetricSummarySchema),
    TTFB: z.optional(MetricSummarySchema),
  }),
});
export type RoutePerformance = z.infer<typeof RoutePerformanceSchema>;

/** GET /api/analytics/performance/summary: the last 7 days, busiest route first. */
export const PerformanceSummarySchema = z.object({
  since: z.string(),
  days: z.number(),
  routes: z.array(RoutePerformanceSchema),
});
export type PerformanceSummary = z.infer<typeof PerformanceSummarySchema>;
