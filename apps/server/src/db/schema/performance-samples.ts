import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One measured value of a real user's page view (spec core.md §9 performance monitoring): which route
 * pattern, which metric, how much. Deliberately nobody's: no user id, session id, address, user agent or
 * raw URL is stored. Kept for PERFORMANCE_LIMITS.retentionDays, then pruned hourly.
 */
export const performanceSamples = pgTable(
  'performance_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A client route pattern such as /books/:id, or `other`. */
    route: text('route').notNull(),
    /** LCP, FID, CLS, INP, FCP or TTFB. */
    metric: text('metric').notNull(),
    /** Milliseconds, or the unitless CLS score. */
    value: doublePrecision('value').notNull(),
    /** navigator.connection.effectiveType (4g, 3g…) or unknown. */
    connectionType: text('connection_type').notNull(),
    /** Server time of arrival: the summary's window and the pruning go by it, not by a client's clock. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('performance_samples_received_at_idx').on(t.receivedAt)],
);

export type PerformanceSampleRow = typeof performanceSamples.$inferSelect;
