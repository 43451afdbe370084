import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobSchedules } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { parseCron } from './cron.js';
import { enqueueJob } from './job-store.js';

/** A job enqueued on a cron expression (UTC), e.g. `{ name: 'sessions.sweep', cron: '0 * * * *', kind: … }`. */
export interface Schedule {
  name: string;
  cron: string;
  kind: string;
}

/**
 * Fires due schedules. The instance that locks a due row (SKIP LOCKED; the others pass it by) enqueues that
 * tick's job under a key naming the tick and moves the row on, in one transaction: each tick fires once
 * across instances, and a tick missed while every instance was down fires once when one comes back.
 */
export function createScheduler(db: Database, schedules: Schedule[], now: () => Date) {
  const crons = new Map(schedules.map((s) => [s.name, parseCron(s.cron)]));
  const names = [...crons.keys()];

  return {
    /** Writes the schedules; an unchanged expression keeps its next run, a changed one starts afresh. */
    async register(): Promise<void> {
      if (schedules.length === 0) return;
      await db
        .insert(jobSchedules)
        .values(schedules.map((s) => ({ ...s, nextRunAt: crons.get(s.name)!.next(now()) })))
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: {
            kind: sql`excluded.kind`,
            cron: sql`excluded.cron`,
            nextRunAt: sql`case when ${jobSchedules.cron} = excluded.cron then ${jobSchedules.nextRunAt} else excluded.next_run_at end`,
          },
        });
    },

    /** Enqueues every due tick; answers how many fired here. */
    async tick(): Promise<number> {
      if (names.length === 0) return 0;
      const at = now();
      return inTransaction(db, async (tx) => {
        const due = await tx
          .select()
          .from(jobSchedules)
          .where(and(inArray(jobSchedules.name, names), lte(jobSchedules.nextRunAt, at)))
          .for('update', { skipLocked: true });
        for (const row of due) {
          await enqueueJob(tx, row.kind, {}, { dedupeKey: `schedule:${row.name}:${row.nextRunAt.toISOString()}` });
          await tx
            .update(jobSchedules)
            .set({ nextRunAt: crons.get(row.name)!.next(at) })
            .where(inArray(jobSchedules.name, [row.name]));
        }
        return due.length;
      });
    },
  };
}
