import { SUMMARY_METRICS } from '@bookshelf/contract';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { performanceSamples } from '../../db/schema/index.js';

export type NewPerformanceSample = Pick<
  typeof performanceSamples.$inferInsert,
  'route' | 'metric' | 'value' | 'connectionType'
>;

export interface MetricPercentileRow {
  route: string;
  metric: string;
  p75: number;
  samples: number;
}

export function createPerformanceRepository(db: Database) {
  return {
    /** `receivedAt` comes from the app's clock, the one the summary's window and the pruning read. */
    async insert(samples: readonly NewPerformanceSample[], receivedAt: Date): Promise<void> {
      if (samples.length > 0) await db.insert(performanceSamples).values(samples.map((s) => ({ ...s, receivedAt })));
    },

    /** p75 and count per route and metric since `since`: one pass, percentiles computed by the database. */
    async percentiles(since: Date): Promise<MetricPercentileRow[]> {
      return db
        .select({
          route: performanceSamples.route,
          metric: performanceSamples.metric,
          p75: sql<number>`percentile_cont(0.75) within group (order by ${performanceSamples.value})`.mapWith(Number),
          samples: sql<number>`count(*)`.mapWith(Number),
        })
        .from(performanceSamples)
        .where(and(gte(performanceSamples.receivedAt, since), inArray(performanceSamples.metric, [...SUMMARY_METRICS])))
        .groupBy(performanceSamples.route, performanceSamples.metric);
    },

    /** Forgets samples older than `before` (the retention); answers how many went. */
    async pruneBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(performanceSamples)
        .where(lt(performanceSamples.receivedAt, before))
        .returning({ id: performanceSamples.id });
      return gone.length;
    },
  };
}

export type PerformanceRepository = ReturnType<typeof createPerformanceRepository>;
