import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type Job, type JobState } from '@bookshelf/contract';
import { ZodError } from 'zod';
import type { Database } from '../../db/client.js';
import type { JobDefinition } from './job-definition.js';
import { createScheduler, type Schedule } from './job-schedules.js';
import { createJobStore, toJob } from './job-store.js';
import type { JobRow } from '../../db/schema/index.js';

export interface JobRunnerLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  db: Database;
  definitions: JobDefinition[];
  schedules?: Schedule[];
  log: JobRunnerLogger;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** How long a runner waits before looking for due jobs again, after finding some (or while full). */
  pollIntervalMs?: number;
  /**
   * An idle runner doubles its wait after each look that finds nothing, up to this: an empty queue costs a
   * query a second rather than twenty (on PGlite each one waits its turn with the requests). A job enqueued
   * in this process wakes it at once; one enqueued elsewhere or due later is found within this time.
   */
  idlePollMaxMs?: number;
  /** A claimed job is this instance's for this long, renewed by a heartbeat every third of it. */
  leaseMs?: number;
  /**
   * After a graceful stop aborts a handler, how long it may take to end before its job is handed back
   * (one that ends in this time has its real outcome recorded).
   */
  abortWaitMs?: number;
  /** How often due schedules are looked for. */
  scheduleCheckMs?: number;
  /** The clock of schedules; tests move it instead of waiting for the next hour. */
  now?: () => Date;
  /** Called after every change of state or progress of a job that has a user (the live channel). */
  onJobChange?: (userId: string, job: Job) => void;
  /** Names this instance in `locked_by`. */
  instanceId?: string;
}

class JobAbort extends Error {
  constructor(readonly reason: 'cancelled' | 'stopping' | 'lease lost') {
    super(`job ${reason}`);
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export const STOPPED_TOO_OFTEN = 'It stopped its server too often: each attempt ended with its process.';

/** Words a reader can use; a stack trace never reaches the row. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Claims due jobs and runs them (decision 014): a poll loop with a bounded number of jobs in flight, a
 * lease heartbeat per job, retries with the contract's backoff, cancellation through an AbortSignal and a
 * graceful stop that hands unfinished jobs back.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 2;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const idlePollMaxMs = Math.max(pollIntervalMs, options.idlePollMaxMs ?? 1_000);
  let idleNapMs = pollIntervalMs;
  const leaseMs = options.leaseMs ?? 30_000;
  const scheduleCheckMs = options.scheduleCheckMs ?? 1_000;
  const abortWaitMs = options.abortWaitMs ?? 1_000;
  const owner = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const store = createJobStore(db, owner);
  const definitions = new Map(options.definitions.map((d) => [d.kind, d]));
  const kinds = [...definitions.keys()];
  const scheduler = createScheduler(db, options.schedules ?? [], options.now ?? (() => new Date()));
  const running = new Map<string, { done: Promise<void>; abort: (why: JobAbort) => void }>();

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let lastScheduleCheck = 0;

  const tell = (row: JobRow | undefined) => {
    if (!row?.userId || !options.onJobChange) return;
    try {
      options.onJobChange(row.userId, toJob(row));
    } catch (err) {
      log.warn({ err, jobId: row.id }, 'job change listener failed');
    }
  };

  const policyOf = (definition: JobDefinition) => ({ ...DEFAULT_RETRY_POLICY, ...definition.retry });
  /** Every way a job ends goes through here, so a payload with personal data never outlives its job. */
  const finish = (row: JobRow, state: JobState, fields: { result?: unknown; error?: string | null }) =>
    store.finish(row.id, state, fields, { forgetPayload: definitions.get(row.kind)?.forgetPayload ?? false });

  async function settle(row: JobRow, definition: JobDefinition, error: unknown, aborted: JobAbort | undefined) {
    if (aborted?.reason === 'lease lost') return undefined;
    if (aborted?.reason === 'cancelled') return finish(row, 'cancelled', {});
    // Stopping: a handler that gave up on its signal gives the job back; one that failed otherwise failed.
    if (
      aborted?.reason === 'stopping' &&
      (error === aborted || (error instanceof Error && error.name === 'AbortError'))
    ) {
      return store.handBack(row.id);
    }
    const policy = policyOf(definition);
    const message = messageOf(error);
    if (row.attempts >= policy.attempts || error instanceof ZodError) {
      log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed for good');
      return finish(row, 'dead', { error: message });
    }
    log.warn({ err: error, jobId: row.id, kind: row.kind, attempt: row.attempts }, 'job failed; retrying');
    return store.retryLater(row.id, message, retryDelayMs(row.attempts, policy));
  }

  async function execute(row: JobRow, leasedAt: number): Promise<void> {
    const definition = definitions.get(row.kind)!;
    const controller = new AbortController();
    let aborted: JobAbort | undefined;
    // Read through a function: TypeScript would keep the narrowing of a check made before an await.
    const abortedNow = (): JobAbort | undefined => aborted;
    const abort = (why: JobAbort) => {
      if (aborted) return;
      aborted = why;
      controller.abort(why);
    };
    // When the lease was last renewed, as of the moment the renewal was sent (the database's lease runs
    // from a moment later). Once a lease's time passed unrenewed, another instance may have taken the job.
    let renewedAt = leasedAt;
    const beat = setInterval(() => {
      if (Date.now() - renewedAt >= leaseMs) return abort(new JobAbort('lease lost'));
      const sentAt = Date.now();
      store.heartbeat(row.id, leaseMs).then(
        ({ held, cancel }) => {
          if (held) renewedAt = Math.max(renewedAt, sentAt);
          if (!held) abort(new JobAbort('lease lost'));
          else if (cancel) abort(new JobAbort('cancelled'));
        },
        (err: unknown) => log.warn({ err, jobId: row.id }, 'job heartbeat failed'),
      );
    }, leaseMs / 3).unref();
    running.get(row.id)!.abort = abort;
    tell(row);
    let after: JobRow | undefined;
    try {
      const result = await definition.run(definition.payload.parse(row.payload), {
        job: toJob(row),
        userId: row.userId,
        signal: controller.signal,
        progress: async ({ current, total = null, phase = null }) => {
          if (aborted) throw aborted;
          const updated = await store.progress(row.id, { current, total, phase });
          if (!updated) abort(new JobAbort('lease lost'));
          else if (updated.cancelRequestedAt) abort(new JobAbort('cancelled'));
          else tell(updated);
          const why = abortedNow();
          if (why) throw why;
        },
      });
      // A handler that completes after a graceful stop's abort still did its work: record it.
      const why = abortedNow();
      after =
        why && why.reason !== 'stopping'
          ? await settle(row, definition, why, why)
          : await finish(row, 'succeeded', { result: result ?? null, error: null });
    } catch (error) {
      after = await settle(row, definition, error, aborted).catch((err: unknown) => {
        log.error({ err, jobId: row.id }, 'could not record a job failure');
        return undefined;
      });
    } finally {
      clearInterval(beat);
    }
    tell(after);
  }

  function start(row: JobRow, leasedAt: number) {
    const entry = { done: Promise.resolve(), abort: (() => undefined) as (why: JobAbort) => void };
    running.set(row.id, entry);
    entry.done = execute(row, leasedAt)
      .catch((err: unknown) => log.error({ err, jobId: row.id }, 'job runner failed'))
      .finally(() => {
        running.delete(row.id);
        wake();
      });
  }

  /**
   * Claims as many due jobs as there are free slots and starts them; answers how many. Jobs whose lease
   * ran out are looked for too when `expired` (each second, not on every poll: it is rare work).
   */
  async function claimAndStart(expired: boolean): Promise<number> {
    const leasedAt = Date.now();
    const rows = await store.claim(kinds, concurrency - running.size, leaseMs);
    rows.forEach((row) => start(row, leasedAt));
    if (!expired) return rows.length;
    const taken = await store.claimExpired(kinds, concurrency - running.size, leaseMs);
    for (const row of taken) {
      // Not finished for a database error: run it rather than leave it held by this instance, which never
      // takes over its own jobs.
      const ended = await endTakenOver(row).catch((err: unknown) => {
        log.warn({ err, jobId: row.id }, 'could not end a job taken over; running it');
        return undefined;
      });
      if (ended) tell(ended);
      else start(row, leasedAt);
    }
    return rows.length + taken.length;
  }

  /**
   * A job taken over from a dead process is not run again when its cancel was asked, or when it has used
   * its attempts: a job that kills its process would otherwise be retried forever, as no failure is ever
   * recorded for it. Answers the finished row, or undefined when the job is to run.
   */
  async function endTakenOver(row: JobRow): Promise<JobRow | undefined> {
    if (row.cancelRequestedAt) return finish(row, 'cancelled', {});
    if (row.attempts <= policyOf(definitions.get(row.kind)!).attempts) return undefined;
    log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts - 1 }, 'job stopped its server too often');
    return finish(row, 'dead', { error: STOPPED_TOO_OFTEN });
  }

  let wakeRequested = false;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested) {
        wakeRequested = false;
        return resolve();
      }
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const wake = () => {
    wakeRequested = true;
    idleNapMs = pollIntervalMs;
    wakeUp?.();
  };

  async function poll() {
    while (!stopping) {
      let claimed = 0;
      let periodic = false;
      if (Date.now() - lastScheduleCheck >= scheduleCheckMs) {
        lastScheduleCheck = Date.now();
        periodic = true;
        // Apart from the claim: a schedule that fails must not keep due and expired jobs waiting.
        await scheduler.tick().catch((err: unknown) => log.warn({ err }, 'firing due schedules failed'));
      }
      try {
        if (running.size < concurrency) claimed = await claimAndStart(periodic);
      } catch (err) {
        log.warn({ err }, 'looking for due jobs failed');
      }
      // A full claim suggests more are waiting: look again at once (when a slot is free).
      if (stopping) break;
      if (claimed > 0 || running.size >= concurrency) {
        idleNapMs = pollIntervalMs;
        if (running.size >= concurrency) await nap(pollIntervalMs);
      } else {
        const napMs = idleNapMs;
        idleNapMs = Math.min(idleNapMs * 2, idlePollMaxMs);
        await nap(napMs);
      }
    }
  }

  let stopped: Promise<void> | undefined;
  async function halt(graceMs: number): Promise<void> {
    stopping = true;
    wake();
    await loop;
    loop = undefined;
    const settled = () => Promise.all([...running.values()].map((r) => r.done));
    await Promise.race([settled(), delay(graceMs)]);
    // Aborted handlers get a moment to end, and their job records how it ended; only jobs whose handler is
    // still running after it are handed back (a handler that ignores its signal may yet run on).
    for (const entry of running.values()) entry.abort(new JobAbort('stopping'));
    await Promise.race([settled(), delay(abortWaitMs)]);
    await Promise.all(
      [...running.keys()].map(async (id) => {
        try {
          tell(await store.handBack(id));
        } catch (err) {
          log.error({ err, jobId: id }, 'could not hand a job back; it is taken over when its lease ends');
        }
      }),
    );
  }

  return {
    instanceId: owner,

    /** Writes the schedules and starts the poll loop. */
    async start(): Promise<void> {
      if (loop) return;
      stopping = false;
      stopped = undefined;
      await scheduler.register();
      loop = poll();
    },

    /**
     * Looks for due jobs soon instead of at the next poll: after an enqueue in this process, whose
     * transaction commits a moment later (a look before the commit finds nothing; the second one does).
     */
    wake(): void {
      wake();
      setTimeout(wake, 5).unref();
    },

    /** Fires due schedules now (tests; the loop does it every scheduleCheckMs). */
    tickSchedules: () => scheduler.tick(),
    registerSchedules: () => scheduler.register(),

    /** Runs due jobs until none is left and none is running here (tests; a one-off worker). */
    async drain(): Promise<void> {
      for (;;) {
        const claimed = running.size < concurrency ? await claimAndStart(true) : 0;
        if (running.size === 0 && claimed === 0) return;
        // Taken-over jobs may all have been finished at once, leaving nothing running to wait for.
        if (running.size > 0) await Promise.race([...running.values()].map((r) => r.done));
      }
    },

    /**
     * Stops claiming, lets the jobs under way finish for up to `graceMs`, then aborts their handlers,
     * waits up to `abortWaitMs` for them to end (a job whose handler completes is recorded as such) and
     * hands the rest back (waiting again, the attempt not counted). A second call while a stop is
     * under way joins it (app.close() after the graceful stop main.ts began does not cut the grace short).
     */
    stop(graceMs = 0): Promise<void> {
      stopped ??= halt(graceMs);
      return stopped;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
