import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type Job } from '@bookshelf/contract';
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
  /** How long an idle runner waits before looking for due jobs again. */
  pollIntervalMs?: number;
  /** A claimed job is this instance's for this long, renewed by a heartbeat every third of it. */
  leaseMs?: number;
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
  const leaseMs = options.leaseMs ?? 30_000;
  const scheduleCheckMs = options.scheduleCheckMs ?? 1_000;
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

  async function settle(row: JobRow, definition: JobDefinition, error: unknown, aborted: JobAbort | undefined) {
    if (aborted?.reason === 'stopping' || aborted?.reason === 'lease lost') return undefined;
    if (aborted?.reason === 'cancelled') return store.finish(row.id, 'cancelled', {});
    const policy = { ...DEFAULT_RETRY_POLICY, ...definition.retry };
    const message = messageOf(error);
    if (row.attempts >= policy.attempts || error instanceof ZodError) {
      log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed for good');
      return store.finish(row.id, 'dead', { error: message });
    }
    log.warn({ err: error, jobId: row.id, kind: row.kind, attempt: row.attempts }, 'job failed; retrying');
    return store.retryLater(row.id, message, retryDelayMs(row.attempts, policy));
  }

  async function execute(row: JobRow): Promise<void> {
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
    const beat = setInterval(() => {
      store.heartbeat(row.id, leaseMs).then(
        ({ held, cancel }) => {
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
      after = aborted
        ? await settle(row, definition, aborted, aborted)
        : await store.finish(row.id, 'succeeded', { result: result ?? null, error: null });
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

  function start(row: JobRow) {
    const entry = { done: Promise.resolve(), abort: (() => undefined) as (why: JobAbort) => void };
    running.set(row.id, entry);
    entry.done = execute(row)
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
    const rows = await store.claim(kinds, concurrency - running.size, leaseMs);
    if (expired) rows.push(...(await store.claimExpired(kinds, concurrency - running.size - rows.length, leaseMs)));
    rows.forEach(start);
    return rows.length;
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
    wakeUp?.();
  };

  async function poll() {
    while (!stopping) {
      let claimed = 0;
      try {
        let periodic = false;
        if (Date.now() - lastScheduleCheck >= scheduleCheckMs) {
          lastScheduleCheck = Date.now();
          periodic = true;
          await scheduler.tick();
        }
        if (running.size < concurrency) claimed = await claimAndStart(periodic);
      } catch (err) {
        log.warn({ err }, 'looking for due jobs failed');
      }
      // A full claim suggests more are waiting: look again at once (when a slot is free).
      if (stopping) break;
      if (claimed === 0 || running.size >= concurrency) await nap(pollIntervalMs);
    }
  }

  let stopped: Promise<void> | undefined;
  async function halt(graceMs: number): Promise<void> {
    stopping = true;
    wake();
    await loop;
    loop = undefined;
    const settled = Promise.all([...running.values()].map((r) => r.done));
    await Promise.race([settled, delay(graceMs)]);
    await Promise.all(
      [...running.entries()].map(async ([id, entry]) => {
        entry.abort(new JobAbort('stopping'));
        tell(await store.handBack(id).catch(() => undefined));
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
        await Promise.race([...running.values()].map((r) => r.done));
      }
    },

    /**
     * Stops claiming, lets the jobs under way finish for up to `graceMs`, then hands the rest back
     * (waiting again, the attempt not counted) and aborts their handlers. A second call while a stop is
     * under way joins it (app.close() after the graceful stop main.ts began does not cut the grace short).
     */
    stop(graceMs = 0): Promise<void> {
      stopped ??= halt(graceMs);
      return stopped;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
