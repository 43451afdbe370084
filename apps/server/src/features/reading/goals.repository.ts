import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { readingGoals } from '../../db/schema/index.js';
import { startOfDay } from './reading-sql.js';

/** The range of PostgreSQL's int, the adjustment's column. */
export const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

export interface GoalRow {
  id: string;
  userId: string;
  type: string;
  target: number;
  unit: string;
  startDate: string;
  endDate: string;
  progressAdjustment: number;
  /** Pages or whole minutes of the reader's sessions on the goal's days; 0 for a books goal. */
  fromSessions: number;
}

/**
 * A goal's progress from sessions, computed where it is read (decision 051): the pages, or the whole minutes,
 * of the reader's sessions that started on one of its days in the zone. Days are bounds on start_time, so the
 * (user_id, start_time) index serves it.
 */
const fromSessions = (goal: typeof readingGoals, timeZone: string): SQL => sql`
  case when ${goal.type} = 'books' then 0 else coalesce((
    select case when ${goal.type} = 'pages' then sum(s.pages_read) else sum(s.time_spent) / 60 end
    from reading_sessions s
    where s.user_id = ${goal.userId}
      and s.start_time >= ${startOfDay(sql`${goal.startDate}`, timeZone)}
      and s.start_time < ${startOfDay(sql`${goal.endDate} + 1`, timeZone)}
  ), 0) end`;

export function createGoalsRepository(db: Database) {
  async function goals(userId: string, timeZone: string, id?: string): Promise<GoalRow[]> {
    const rows = rowsOf<{
      id: string;
      user_id: string;
      type: string;
      target: number;
      unit: string;
      start_date: string;
      end_date: string;
      progress_adjustment: number;
      from_sessions: number;
    }>(
      await db.execute(sql`
        select id, user_id, type, target, unit, start_date::text as start_date, end_date::text as end_date,
          progress_adjustment, (${fromSessions(readingGoals, timeZone)})::float8 as from_sessions
        from ${readingGoals}
        where ${readingGoals.userId} = ${userId}${id ? sql` and ${readingGoals.id} = ${id}` : sql``}
        order by start_date, created_at, id`),
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      type: r.type,
      target: Number(r.target),
      unit: r.unit,
      startDate: r.start_date,
      endDate: r.end_date,
      progressAdjustment: Number(r.progress_adjustment),
      fromSessions: Number(r.from_sessions),
    }));
  }

  return {
    goals,

    /** A goal by its id, whoever's: platform/access decides whether the caller may touch it. */
    async goal(id: string): Promise<{ id: string; userId: string; type: string } | undefined> {
      const [row] = await db
        .select({ id: readingGoals.id, userId: readingGoals.userId, type: readingGoals.type })
        .from(readingGoals)
        .where(eq(readingGoals.id, id));
      return row;
    },

    /**
     * Adds a goal unless the reader has `max` already (then undefined); the count and the insert run under a
     * lock on the reader, so goals created at once cannot pass the cap together.
     */
    async create(values: Omit<typeof readingGoals.$inferInsert, 'id'>, max: number, tx: Database) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reading-goals:${values.userId}`}, 0))`);
      const [existing] = await tx
        .select({ n: count() })
        .from(readingGoals)
        .where(eq(readingGoals.userId, values.userId));
      if ((existing?.n ?? 0) >= max) return undefined;
      const [row] = await tx.insert(readingGoals).values(values).returning({ id: readingGoals.id });
      return row?.id;
    },

    /**
     * Makes the goal's progress `progress` now: stores its difference from what is computed at this moment
     * (sessions in the same statement; finished books counted by the caller), so later sessions keep adding.
     * Sessions may sum past the int column: the difference is taken in numeric and kept within its range.
     */
    async setProgress(userId: string, id: string, progress: number, timeZone: string, books: number) {
      const difference = sql`${progress}::numeric - case when ${readingGoals.type} = 'books' then ${books}::numeric
        else (${fromSessions(readingGoals, timeZone)})::numeric end`;
      const rows = await db
        .update(readingGoals)
        .set({
          progressAdjustment: sql`greatest(${INT_MIN}::numeric, least(${INT_MAX}::numeric, ${difference}))::int`,
        })
        .where(and(eq(readingGoals.id, id), eq(readingGoals.userId, userId)))
        .returning({ id: readingGoals.id });
      return rows.length > 0;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(readingGoals)
        .where(and(eq(readingGoals.id, id), eq(readingGoals.userId, userId)))
        .returning({ id: readingGoals.id });
      return rows.length > 0;
    },
  };
}

export type GoalsRepository = ReturnType<typeof createGoalsRepository>;
