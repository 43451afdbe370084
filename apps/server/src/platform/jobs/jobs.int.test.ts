import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.js';
import { jobs, jobSchedules, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { createTestDatabase } from '../../test/database.js';
import { secondHandle, testRunner, until } from '../../test/jobs.js';
import { defineJob } from './job-definition.js';
import { STOPPED_TOO_OFTEN } from './job-runner.js';
import { enqueueJob } from './job-store.js';

let database: DatabaseHandle & { url?: string };
let other: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  other = secondHandle(database);
});
afterAll(async () => {
  await other.close();
  await database.close();
});

const state = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** A job as a process that died while running it leaves it: running, its lease over. */
const orphan = async (kind: string, fields: Partial<typeof jobs.$inferInsert> = {}) =>
  (
    await database.db
      .insert(jobs)
      .values({ kind, state: 'running', attempts: 1, lockedBy: 'gone', lockedUntil: new Date(0), ...fields })
      .returning()
  )[0]!;
/** A handler that waits for its signal, then ends as handlers should: rejecting with its reason. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
const counter = (kind: string, seen: string[], work: () => Promise<void> = async () => undefined) =>
  defineJob({
    kind,
    payload: z.object({ n: z.number() }),
    run: async ({ n }, { job }) => {
      await work();
      seen.push(`${n}:${job.id}`);
      return { n };
    },
  });

describe('enqueue', () => {
  it('a job enqueued in a rolled-back transaction never runs', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(database.db, async (tx) => {
        await enqueueJob(tx, 'test.rollback', { n: 1 });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    const runner = testRunner(database.db, { definitions: [counter('test.rollback', seen)] });
    await runner.drain();
    expect(seen).toEqual([]);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rollback'))).toEqual([]);
  });

  it('answers the existing job for a repeated dedupe key', async () => {
    const a = await enqueueJob(database.db, 'test.dedupe', { n: 1 }, { dedupeKey: 'same' });
    const b = await enqueueJob(database.db, 'test.dedupe', { n: 2 }, { dedupeKey: 'same' });
    expect(b.id).toBe(a.id);
  });
});

describe('claiming', () => {
  it('two runners on one database run each of 40 jobs exactly once', async () => {
    const seen: string[] = [];
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    for (let n = 0; n < 40; n += 1) await enqueueJob(database.db, 'test.once', { n });
    const a = testRunner(database.db, { definitions: [counter('test.once', seen, slow)], concurrency: 4 });
    const b = testRunner(other.db, { definitions: [counter('test.once', seen, slow)], concurrency: 4 });
    await Promise.all([a.start(), b.start()]);
    await until(() => seen.length >= 40);
    await Promise.all([a.stop(1000), b.stop(1000)]);
    expect(seen).toHaveLength(40);
    expect(new Set(seen.map((s) => s.split(':')[0])).size).toBe(40);
    const done = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.once'));
    expect(done.every((j) => j.state === 'succeeded' && j.attempts === 1)).toBe(true);
  });
});

describe('idle', () => {
  it('an idle runner looks less and less often, yet finds a job enqueued elsewhere within idlePollMaxMs', async () => {
    let looks = 0; // each look for due jobs is one UPDATE … RETURNING
    const counted = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'update') looks += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const seen: string[] = [];
    const runner = testRunner(counted, {
      definitions: [counter('test.idle', seen)],
      idlePollMaxMs: 160,
      scheduleCheckMs: 60_000,
    });
    await runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Every 10 ms that would be about 100 looks; doubling from 10 ms up to 160 ms, about a dozen.
      expect(looks).toBeLessThan(25);
      const enqueued = Date.now();
      await enqueueJob(database.db, 'test.idle', { n: 1 }); // no wake: as another instance would
      await until(() => seen.length === 1);
      expect(Date.now() - enqueued).toBeLessThan(160 + 600);
    } finally {
      await runner.stop(1_000);
    }
  });
});

describe('failures', () => {
  it('retries with backoff, then marks the job dead after its last attempt', async () => {
    const tries: number[] = [];
    const runner = testRunner(database.db, {
      definitions: [
        defineJob({
          kind: 'test.fails',
          payload: z.object({}),
          retry: { attempts: 3, baseDelayMs: 50, factor: 2, jitterMs: 0 },
          run: async () => {
            tries.push(Date.now());
            throw new Error('still broken');
          },
        }),
      ],
    });
    const job = await enqueueJob(database.db, 'test.fails');
    await runner.start();
    await until(async () => (await state(job.id)).state === 'dead');
    await runner.stop();
    const row = await state(job.id);
    expect(row).toMatchObject({ attempts: 3, error: 'still broken' });
    expect(tries).toHaveLength(3);
    // The second wait is twice the first (50 ms, then 100 ms).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(45);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(95);
  });

  it('a job taken over past its attempts is dead, not run again: it stopped its server each time', async () => {
    const seen: string[] = [];
    const runner = testRunner(database.db, {
      definitions: [{ ...counter('test.crashy', seen), retry: { attempts: 3 } }],
    });
    const spent = await orphan('test.crashy', { attempts: 3, payload: { n: 1 } });
    const left = await orphan('test.crashy', { attempts: 2, payload: { n: 2 } });
    await runner.drain();
    expect(await state(spent.id)).toMatchObject({ state: 'dead', attempts: 4, error: STOPPED_TOO_OFTEN });
    expect(await state(left.id)).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(seen).toEqual([`2:${left.id}`]);
  });

  it('a payload that does not parse is dead at once', async () => {
    const runner = testRunner(database.db, { definitions: [counter('test.bad-payload', [])] });
    const job = await enqueueJob(database.db, 'test.bad-payload', { n: 'not a number' });
    await runner.drain();
    expect(await state(job.id)).toMatchObject({ state: 'dead', attempts: 1 });
  });
});

describe('cancellation and progress', () => {
  it('a running job sees its signal when cancelled and ends cancelled; progress is stored on the way', async () => {
    let step = 0;
    const runner = testRunner(database.db, {
      definitions: [
        defineJob({
          kind: 'test.long',
          payload: z.object({}),
          run: async (_, context) => {
            for (step = 1; step <= 1000; step += 1) {
              await context.progress({ current: step, total: 1000, phase: 'Counting' });
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          },
        }),
      ],
    });
    const [user] = await database.db.insert(users).values({ name: 'C', email: 'cancel@example.org' }).returning();
    const job = await enqueueJob(database.db, 'test.long', {}, { userId: user!.id });
    await runner.start();
    await until(async () => (await state(job.id)).progress.current >= 3);
    expect((await state(job.id)).progress).toMatchObject({ total: 1000, phase: 'Counting' });
    await database.db.update(jobs).set({ cancelRequestedAt: new Date() }).where(eq(jobs.id, job.id));
    await until(async () => (await state(job.id)).state === 'cancelled');
    await runner.stop();
    expect(step).toBeLessThan(1000);
  });
});

describe('a cancel asked while a job runs is never lost', () => {
  it('to a retry, a hand-back, a claim or a takeover', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Set<string>();
    const runner = testRunner(database.db, {
      // A long lease: no heartbeat sees the cancel first.
      leaseMs: 60_000,
      definitions: [
        defineJob({
          kind: 'test.cancel-late',
          payload: z.object({ how: z.string() }),
          run: async ({ how }, { signal }) => {
            started.add(how);
            if (how === 'stop') return untilAborted(signal);
            await gate;
            throw new Error('broken');
          },
        }),
      ],
    });
    const retried = await enqueueJob(database.db, 'test.cancel-late', { how: 'retry' });
    const stopped = await enqueueJob(database.db, 'test.cancel-late', { how: 'stop' });
    await runner.start();
    await until(() => started.size === 2);
    const requested = { cancelRequestedAt: new Date() };
    await database.db
      .update(jobs)
      .set(requested)
      .where(inArray(jobs.id, [retried.id, stopped.id]));
    release();
    await until(async () => (await state(retried.id)).state !== 'running');
    await runner.stop(0);
    for (const id of [retried.id, stopped.id]) {
      expect(await state(id)).toMatchObject({ state: 'cancelled', lockedBy: null, finishedAt: expect.any(Date) });
    }

    const waiting = (await enqueueJob(database.db, 'test.cancel-late', { how: 'claim' })).id;
    await database.db.update(jobs).set(requested).where(eq(jobs.id, waiting));
    const orphaned = (await orphan('test.cancel-late', { payload: { how: 'takeover' }, ...requested })).id;
    await testRunner(database.db, { definitions: [counter('test.cancel-late', [])] }).drain();
    expect(await state(waiting)).toMatchObject({ state: 'queued' });
    expect(await state(orphaned)).toMatchObject({ state: 'cancelled' });
    expect([...started].sort()).toEqual(['retry', 'stop']);
  });
});

describe('lease', () => {
  it('a runner whose heartbeats cannot renew its lease aborts the handler once the lease has run out', async () => {
    let reason: unknown;
    let started = false;
    const runner = testRunner(database.db, {
      leaseMs: 300,
      definitions: [
        defineJob({
          kind: 'test.stuck-heartbeat',
          payload: z.object({}),
          run: async (_, { signal }) => {
            started = true;
            signal.addEventListener('abort', () => (reason = signal.reason));
            return untilAborted(signal);
          },
        }),
      ],
    });
    const job = await enqueueJob(database.db, 'test.stuck-heartbeat');
    await runner.start();
    await until(() => started);
    // Another connection holds the job's row: every heartbeat waits (on PGlite, every query does).
    const heldAt = Date.now();
    await inTransaction(other.db, async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.id, job.id)).for('update');
      await until(() => reason !== undefined, 3_000);
    });
    expect(reason).toMatchObject({ reason: 'lease lost' });
    expect(Date.now() - heldAt).toBeLessThan(1_000);
    await runner.stop(0);
  });
});

describe('schedules and claims', () => {
  it('a schedule that fails does not keep jobs whose lease ran out from being taken over', async () => {
    let reads = 0;
    const runner = testRunner(database.db, {
      definitions: [counter('test.after-tick', [])],
      schedules: [{ name: 'test.broken-clock', cron: '* * * * *', kind: 'test.after-tick' }],
      scheduleCheckMs: 10,
      // Registering reads the clock once; every tick after it fails.
      now: () => {
        reads += 1;
        if (reads > 1) throw new Error('clock broken');
        return new Date();
      },
    });
    const job = await orphan('test.after-tick', { payload: { n: 1 } });
    await runner.start();
    await until(async () => (await state(job.id)).state === 'succeeded', 3_000);
    await runner.stop(1_000);
  });
});

describe('graceful stop', () => {
  it('hands a job that outlives the grace period back, its attempt not counted', async () => {
    let started = false;
    const runner = testRunner(database.db, {
      definitions: [
        defineJob({
          kind: 'test.slow-stop',
          payload: z.object({}),
          run: async (_, { signal }) => {
            started = true;
            return untilAborted(signal);
          },
        }),
      ],
    });
    const job = await enqueueJob(database.db, 'test.slow-stop');
    await runner.start();
    await until(() => started);
    await runner.stop(50);
    expect(await state(job.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
  });

  it('records the outcome of a handler that ends soon after its abort; hands back one that runs on', async () => {
    let letGo = () => undefined as void;
    const ignoring = new Promise<void>((resolve) => (letGo = resolve));
    const runner = testRunner(database.db, {
      abortWaitMs: 300,
      definitions: [
        defineJob({
          kind: 'test.late-stop',
          payload: z.object({ ignores: z.boolean() }),
          run: async ({ ignores }, { signal }) => {
            if (ignores) return ignoring.then(() => 'ignored');
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            await new Promise((resolve) => setTimeout(resolve, 50));
            return 'finished late';
          },
        }),
      ],
      concurrency: 2,
    });
    const late = await enqueueJob(database.db, 'test.late-stop', { ignores: false });
    const deaf = await enqueueJob(database.db, 'test.late-stop', { ignores: true });
    await runner.start();
    await until(async () => (await state(deaf.id)).state === 'running' && (await state(late.id)).state === 'running');
    await runner.stop(0);
    expect(await state(late.id)).toMatchObject({ state: 'succeeded', result: 'finished late' });
    expect(await state(deaf.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    letGo();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Handed back, the job is no longer this handler's to finish.
    expect(await state(deaf.id)).toMatchObject({ state: 'queued', result: null });
  });

  it('lets a job that finishes within the grace period finish', async () => {
    const runner = testRunner(database.db, {
      definitions: [
        defineJob({
          kind: 'test.quick-stop',
          payload: z.object({}),
          run: () => new Promise((resolve) => setTimeout(() => resolve('done'), 100)),
        }),
      ],
    });
    const job = await enqueueJob(database.db, 'test.quick-stop');
    await runner.start();
    await until(async () => (await state(job.id)).state === 'running');
    await runner.stop(5_000);
    expect(await state(job.id)).toMatchObject({ state: 'succeeded', result: 'done' });
  });
});

describe('schedules', () => {
  it('fire once per tick across two runners', async () => {
    let clock = new Date('2030-01-01T10:30:00Z');
    const now = () => clock;
    const schedules = [{ name: 'test.hourly', cron: '0 * * * *', kind: 'test.tick' }];
    const definitions = [counter('test.tick', [])];
    const a = testRunner(database.db, { definitions, schedules, now });
    const b = testRunner(other.db, { definitions, schedules, now });
    await a.registerSchedules();
    await b.registerSchedules();
    const [row] = await database.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.hourly'));
    expect(row!.nextRunAt.toISOString()).toBe('2030-01-01T11:00:00.000Z');
    expect(await a.tickSchedules()).toBe(0);
    for (const hour of ['11:00:05', '12:00:01']) {
      clock = new Date(`2030-01-01T${hour}Z`);
      const fired = await Promise.all([a.tickSchedules(), b.tickSchedules(), a.tickSchedules()]);
      expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    }
    const ticks = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
    expect(ticks.map((j) => j.dedupeKey).sort()).toEqual([
      'schedule:test.hourly:2030-01-01T11:00:00.000Z',
      'schedule:test.hourly:2030-01-01T12:00:00.000Z',
    ]);
  });
});
