import type { JobProgress, JobState } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The durable job queue (platform/job-store.ts, decision 014). A runner claims a ready row with
 * FOR UPDATE SKIP LOCKED and holds it by a lease (`locked_until`) that its heartbeat extends; a row whose
 * lease ran out (the process died) is claimed again by any instance.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Whose job it is: GET /api/jobs/{id} answers only them, and their page is told of its changes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** Not claimed before this instant: a retry's backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    progress: jsonb('progress').$type<JobProgress>().notNull().default({ current: 0, total: null, phase: null }),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    /** Enqueueing the same key again answers the existing job instead of adding one. */
    dedupeKey: text('dedupe_key'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_idx').on(t.dedupeKey),
    // What a claim reads: waiting rows by due time, and running ones by lease.
    index('jobs_ready_idx')
      .on(t.runAt)
      .where(sql`state in ('queued', 'failed')`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`state = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`finished_at is not null`),
    index('jobs_user_idx').on(t.userId),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Cron-like schedules. The instance that locks a due row (SKIP LOCKED) enqueues that tick's job, with a
 * dedupe key naming the tick, and moves `next_run_at` on; so each tick fires once across instances.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  kind: text('kind').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
