import type { Job, JobProgress, JobState } from '@bookshelf/contract';
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs, outboxEvents, type JobRow } from '../../db/schema/index.js';
import { DELIVER_EVENT_JOB } from './job-definition.js';

/**
 * The SQL of the job queue (decision 014). Every statement is one round trip, so it works the same on
 * PGlite's single connection and on a PostgreSQL pool; times come from the database's clock, so instances
 * whose clocks differ agree on leases and backoff.
 */

export interface EnqueueOptions {
  /** Whose job it is (they may read and cancel it; their page is told of its changes). */
  userId?: string | null;
  /** A second enqueue with the same key answers the first job instead of adding one. */
  dedupeKey?: string;
  /** Not before this instant. */
  runAt?: Date;
}

const interval = (ms: number) => sql`(${`${Math.max(0, Math.round(ms))} milliseconds`})::interval`;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Adds a job unless one with its dedupe key exists (then answers undefined). */
export async function addJob(
  db: Database,
  kind: string,
  payload: unknown = {},
  options: EnqueueOptions = {},
): Promise<JobRow | undefined> {
  const values = {
    kind,
    payload: payload ?? {},
    userId: options.userId ?? null,
    dedupeKey: options.dedupeKey ?? null,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  };
  const [added] = await db.insert(jobs).values(values).onConflictDoNothing().returning();
  return added;
}

/**
 * Adds a job through `db`, which may be a caller's transaction (see db/transaction.ts): the job exists
 * exactly when the caller's change commits.
 */
export async function enqueueJob(
  db: Database,
  kind: string,
  payload: unknown = {},
  options: EnqueueOptions = {},
): Promise<JobRow> {
  const added = await addJob(db, kind, payload, options);
  if (added) return added;
  const [existing] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, options.dedupeKey ?? ''));
  if (!existing) throw new Error(`job ${kind} was neither added nor found`);
  return existing;
}

/** Many jobs in one statement (the outbox adds one per event and subscriber); duplicates by key are skipped. */
export async function enqueueJobs(
  db: Database,
  rows: Array<{ kind: string; payload: unknown; dedupeKey?: string; userId?: string | null }>,
  /** A data-modifying statement (a `$with` CTE) to run in the same statement, such as the events they deliver. */
  alongside?: WithSubquery,
): Promise<void> {
  if (rows.length === 0) return;
  await (alongside ? db.with(alongside) : db)
    .insert(jobs)
    .values(rows.map((r) => ({ ...r, dedupeKey: r.dedupeKey ?? null, userId: r.userId ?? null })))
    .onConflictDoNothing();
}

/**
 * Runs a job that ended cancelled or dead again from the start of its attempts (a second click after the
 * user cancelled); answers undefined when there is no such job under `dedupeKey`.
 */
export async function requeueFinishedJob(db: Database, dedupeKey: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: sql`now()`, error: null, cancelRequestedAt: null, finishedAt: null })
    .where(and(eq(jobs.dedupeKey, dedupeKey), sql`${jobs.state} in ('cancelled', 'dead')`))
    .returning();
  return row;
}

/**
 * A job handed back or to be retried whose cancel was asked meanwhile ends cancelled instead: the user's
 * cancel is never lost to a re-queue.
 */
const cancelAsked = sql`${jobs.cancelRequestedAt} is not null`;
const unlessCancelled = (waiting: JobState) => ({
  state: sql<JobState>`case when ${cancelAsked} then 'cancelled' else ${waiting} end`,
  finishedAt: sql<Date | null>`case when ${cancelAsked} then now() end`,
  lockedBy: null,
  lockedUntil: null,
});

export function createJobStore(db: Database, owner: string) {
  const mine = (id: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, owner), eq(jobs.state, 'running'));
  const first = (rows: JobRow[]) => rows[0];

  async function take(kinds: string[], limit: number, leaseMs: number, which: SQL | undefined): Promise<JobRow[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(which, inArray(jobs.kind, kinds)))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: owner,
        lockedUntil: sql`now() + ${interval(leaseMs)}`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  return {
    /**
     * Claims up to `limit` waiting jobs of these kinds whose time has come, oldest first. SKIP LOCKED lets
     * instances claim side by side, never the same row. The state test is literal SQL, not parameters, so
     * PostgreSQL can walk the partial index jobs_ready_idx in run_at order and stop after `limit` rows.
     */
    claim(kinds: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
      return take(
        kinds,
        limit,
        leaseMs,
        and(sql`${jobs.state} in ('queued', 'failed')`, lte(jobs.runAt, sql`now()`), isNull(jobs.cancelRequestedAt)),
      );
    },

    /**
     * Claims running jobs whose lease ran out: their process died. Never its own: a job this instance still
     * runs keeps it, even if a stall let the lease lapse. The caller finishes a claimed job that was
     * cancelled or is past its attempts instead of running it (job-runner.ts).
     */
    claimExpired(kinds: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
      return take(
        kinds,
        limit,
        leaseMs,
        and(sql`${jobs.state} = 'running'`, lt(jobs.lockedUntil, sql`now()`), ne(jobs.lockedBy, owner)),
      );
    },

    /** Extends the lease; answers whether cancelling was asked (false when the job is no longer ours). */
    async heartbeat(id: string, leaseMs: number): Promise<{ held: boolean; cancel: boolean }> {
      const [row] = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${interval(leaseMs)}` })
        .where(mine(id))
        .returning({ cancel: jobs.cancelRequestedAt });
      return { held: row !== undefined, cancel: row?.cancel != null };
    },

    async progress(id: string, progress: JobProgress): Promise<JobRow | undefined> {
      return first(await db.update(jobs).set({ progress }).where(mine(id)).returning());
    },

    async finish(
      id: string,
      state: JobState,
      fields: { result?: unknown; error?: string | null },
      { forgetPayload = false } = {},
    ) {
      return first(
        await db
          .update(jobs)
          .set({
            state,
            ...fields,
            ...(forgetPayload ? { payload: {} } : {}),
            finishedAt: sql`now()`,
            lockedBy: null,
            lockedUntil: null,
          })
          .where(mine(id))
          .returning(),
      );
    },

    /**
     * Back to waiting, tried again after `delayMs` (state `failed` tells a reader a retry is coming);
     * cancelled instead when its cancel was asked.
     */
    async retryLater(id: string, error: string, delayMs: number) {
      return first(
        await db
          .update(jobs)
          .set({ ...unlessCancelled('failed'), error, runAt: sql`now() + ${interval(delayMs)}` })
          .where(mine(id))
          .returning(),
      );
    },

    /**
     * A graceful stop gives a job back untouched: waiting, due now, and this attempt not counted; cancelled
     * instead when its cancel was asked.
     */
    async handBack(id: string) {
      return first(
        await db
          .update(jobs)
          .set({ ...unlessCancelled('queued'), attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: sql`now()` })
          .where(mine(id))
          .returning(),
      );
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;

/** Reads and cancels on behalf of a user (the routes), and the sweep of finished jobs. */
export function createJobsRepository(db: Database) {
  return {
    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /**
     * A waiting job is cancelled at once; a running one is asked to stop (its runner sees it at the next
     * heartbeat or progress report and aborts the handler's signal). A finished one stays as it is. Who may
     * cancel is decided before (features/jobs, through the access module).
     */
    async cancel(id: string): Promise<JobRow | undefined> {
      const [waiting] = await db
        .update(jobs)
        .set({ state: 'cancelled', finishedAt: sql`now()`, cancelRequestedAt: sql`now()` })
        .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'failed'])))
        .returning();
      if (waiting) return waiting;
      await db
        .update(jobs)
        .set({ cancelRequestedAt: sql`coalesce(${jobs.cancelRequestedAt}, now())` })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
      return this.findById(id);
    },

    /**
     * Finished jobs and delivered events are kept a while for their readers, then removed. An event is
     * kept while a delivery of it is unfinished (one waiting out a long backoff would find it gone).
     */
    async purgeFinishedBefore(cutoff: Date): Promise<void> {
      await db.delete(jobs).where(and(isNotNull(jobs.finishedAt), lt(jobs.finishedAt, cutoff)));
      const pending = db
        .select({ id: sql`1` })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, DELIVER_EVENT_JOB),
            isNull(jobs.finishedAt),
            sql`${jobs.payload} ->> 'eventId' = ${outboxEvents.id}::text`,
          ),
        );
      await db.delete(outboxEvents).where(and(lt(outboxEvents.createdAt, cutoff), notExists(pending)));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
