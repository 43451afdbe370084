import type { Job, JobProgress, JobState } from '@bookshelf/contract';
import { and, eq, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs, outboxEvents, type JobRow } from '../../db/schema/index.js';

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
  const values = {
    kind,
    payload: payload ?? {},
    userId: options.userId ?? null,
    dedupeKey: options.dedupeKey ?? null,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  };
  const [added] = await db.insert(jobs).values(values).onConflictDoNothing().returning();
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
): Promise<void> {
  if (rows.length === 0) return;
  await db
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
      return take(kinds, limit, leaseMs, and(sql`${jobs.state} in ('queued', 'failed')`, lte(jobs.runAt, sql`now()`)));
    },

    /**
     * Claims running jobs whose lease ran out: their process died. Never its own: a job this instance still
     * runs keeps it, even if a stall let the lease lapse.
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

    async finish(id: string, state: JobState, fields: { result?: unknown; error?: string | null }) {
      return first(
        await db
          .update(jobs)
          .set({ state, ...fields, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
          .where(mine(id))
          .returning(),
      );
    },

    /** Back to waiting, tried again after `delayMs` (state `failed` tells a reader a retry is coming). */
    async retryLater(id: string, error: string, delayMs: number) {
      return first(
        await db
          .update(jobs)
          .set({ state: 'failed', error, runAt: sql`now() + ${interval(delayMs)}`, lockedBy: null, lockedUntil: null })
          .where(mine(id))
          .returning(),
      );
    },

    /** A graceful stop gives a job back untouched: waiting, due now, and this attempt not counted. */
    async handBack(id: string) {
      return first(
        await db
          .update(jobs)
          .set({
            state: 'queued',
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            runAt: sql`now()`,
            lockedBy: null,
            lockedUntil: null,
          })
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

    /** Finished jobs and delivered events are kept a while for their readers, then removed. */
    async purgeFinishedBefore(cutoff: Date): Promise<void> {
      await db.delete(jobs).where(and(isNotNull(jobs.finishedAt), lt(jobs.finishedAt, cutoff)));
      await db.delete(outboxEvents).where(lt(outboxEvents.createdAt, cutoff));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
