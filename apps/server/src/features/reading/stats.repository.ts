import { ACHIEVEMENTS, type StatsTimeframe } from '@bookshelf/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoOf, localDayOf, periodStart } from './reading-sql.js';

export interface SessionTotals {
  totalTimeSpent: number;
  totalPagesRead: number;
  sessionsCount: number;
  lastReadAt: string | null;
  /** The most frequent local start hour (0–23), the earliest of equals; null without sessions. */
  favoriteHour: number | null;
}

export interface ReadingDay {
  day: string;
  /** When the day's last session ended. */
  lastEnd: string;
  /** How many days in a row the reader had read by this day (1 on the first day of a run). */
  run: number;
}

export interface DayActivity {
  day: string;
  pagesRead: number;
  seconds: number;
  sessions: number;
}

/** The non-streak achievements, each with the running total its threshold is compared with. */
const RUNNING_TOTAL = { sessions: 'sessions', pages: 'pages', seconds: 'seconds' } as const;
const THRESHOLDS = ACHIEVEMENTS.flatMap((a, index) =>
  a.kind === 'streak' ? [] : [{ id: a.id, column: `a${index}`, total: RUNNING_TOTAL[a.kind], target: a.target }],
);

export interface LifetimeTotals {
  sessions: number;
  pages: number;
  seconds: number;
  /** Achievement id → when the session that crossed its threshold ended (ISO), for those reached. */
  reachedAt: Map<string, string>;
}

/**
 * The statistics of reading progress, all computed by PostgreSQL from reading_sessions (decision 051): sums,
 * counts, the favourite hour and per-day figures in the reader's zone, and the running totals that tell when
 * each achievement was unlocked. Nothing loads every session into JavaScript.
 */
export function createStatsRepository(db: Database) {
  const sessionsOf = (userId: string, since: SQL | undefined) =>
    since
      ? sql`reading_sessions.user_id = ${userId} and reading_sessions.start_time >= ${since}`
      : sql`reading_sessions.user_id = ${userId}`;

  return {
    async totals(userId: string, timeframe: StatsTimeframe, timeZone: string, now: Date): Promise<SessionTotals> {
      const where = sessionsOf(userId, periodStart(timeframe, timeZone, now));
      const hour = sql`extract(hour from reading_sessions.start_time at time zone ${timeZone}::text)::int`;
      const [row] = rowsOf<{
        seconds: number;
        pages: number;
        sessions: number;
        last_read_at: string | null;
        favorite_hour: number | null;
      }>(
        await db.execute(sql`
          select coalesce(sum(time_spent), 0)::float8 as seconds,
            coalesce(sum(pages_read), 0)::float8 as pages,
            count(*)::int as sessions,
            ${isoOf(sql`max(end_time)`)} as last_read_at,
            (select ${hour} from reading_sessions where ${where}
              group by 1 order by count(*) desc, 1 asc limit 1) as favorite_hour
          from reading_sessions where ${where}`),
      );
      return {
        totalTimeSpent: Number(row?.seconds ?? 0),
        totalPagesRead: Number(row?.pages ?? 0),
        sessionsCount: Number(row?.sessions ?? 0),
        lastReadAt: row?.last_read_at ?? null,
        favoriteHour: row?.favorite_hour ?? null,
      };
    },

    /**
     * Every local day the reader read on, in order, with the length of the run of days it ends (gaps and
     * islands: a day minus its rank is the same for every day of one run).
     */
    async days(userId: string, timeZone: string): Promise<ReadingDay[]> {
      const rows = rowsOf<{ day: string; last_end: string; run: number }>(
        await db.execute(sql`
          with days as (
            select ${localDayOf(sql`start_time`, timeZone)} as day, max(end_time) as last_end
            from reading_sessions where user_id = ${userId} group by 1
          ), islands as (
            select day, last_end, day - (row_number() over (order by day))::int as island from days
          )
          select day::text as day, ${isoOf(sql`last_end`)} as last_end,
            (row_number() over (partition by island order by day))::int as run
          from islands order by day`),
      );
      return rows.map((r) => ({ day: r.day, lastEnd: r.last_end, run: Number(r.run) }));
    },

    /** Pages, seconds and sessions per local day of the timeframe; days without sessions are absent. */
    async activity(userId: string, timeframe: StatsTimeframe, timeZone: string, now: Date): Promise<DayActivity[]> {
      const rows = rowsOf<{ day: string; pages: number; seconds: number; sessions: number }>(
        await db.execute(sql`
          select ${localDayOf(sql`start_time`, timeZone)}::text as day, sum(pages_read)::float8 as pages,
            sum(time_spent)::float8 as seconds, count(*)::int as sessions
          from reading_sessions where ${sessionsOf(userId, periodStart(timeframe, timeZone, now))}
          group by 1 order by 1`),
      );
      return rows.map((r) => ({
        day: r.day,
        pagesRead: Number(r.pages),
        seconds: Number(r.seconds),
        sessions: Number(r.sessions),
      }));
    },

    /**
     * All-time totals and, per achievement, the end of the session whose running total (sessions in the order
     * they ended) first reached its target: window sums, then the earliest row at or past each threshold.
     */
    async lifetime(userId: string): Promise<LifetimeTotals> {
      const reached = THRESHOLDS.map(
        (t) =>
          sql`, ${isoOf(sql`min(end_time) filter (where ${sql.raw(t.total)} >= ${t.target})`)} as ${sql.raw(t.column)}`,
      );
      const [row] = rowsOf<Record<string, string | number | null>>(
        await db.execute(sql`
          with running as (
            select end_time, sum(pages_read) over w as pages, sum(time_spent) over w as seconds,
              row_number() over w as sessions
            from reading_sessions where user_id = ${userId}
            window w as (order by end_time, id rows between unbounded preceding and current row)
          )
          select count(*)::int as total_sessions, coalesce(max(pages), 0)::float8 as total_pages,
            coalesce(max(seconds), 0)::float8 as total_seconds${sql.join(reached, sql``)}
          from running`),
      );
      const reachedAt = new Map<string, string>();
      for (const t of THRESHOLDS) {
        const at = row?.[t.column];
        if (typeof at === 'string') reachedAt.set(t.id, at);
      }
      return {
        sessions: Number(row?.total_sessions ?? 0),
        pages: Number(row?.total_pages ?? 0),
        seconds: Number(row?.total_seconds ?? 0),
        reachedAt,
      };
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
