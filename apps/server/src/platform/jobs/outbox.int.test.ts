import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { jobs, outboxEvents } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { createTestDatabase } from '../../test/database.js';
import { testRunner, until } from '../../test/jobs.js';
import { createJobsRepository } from './job-store.js';
import { createOutbox, DELIVER_EVENT_JOB, subscribe } from './outbox.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('delivers an event whose handler fails twice on the third try, without holding up other subscribers', async () => {
  const outbox = createOutbox({ retry: { attempts: 5, baseDelayMs: 20, factor: 2, jitterMs: 0 } });
  const flaky: string[] = [];
  const steady: string[] = [];
  outbox.add([
    subscribe({
      name: 'test.flaky',
      event: 'user.registered',
      handle: async ({ userId }) => {
        flaky.push(userId);
        if (flaky.length < 3) throw new Error(`try ${flaky.length} failed`);
      },
    }),
    subscribe({
      name: 'test.steady',
      event: 'user.registered',
      handle: async ({ userId }) => void steady.push(userId),
    }),
  ]);
  const runner = testRunner(database.db, { definitions: [outbox.deliveryJob(database.db)] });

  // A rolled-back change raises nothing.
  await expect(
    inTransaction(database.db, async (tx) => {
      await outbox.publish(tx, 'user.registered', { userId: 'rolled-back' });
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  await inTransaction(database.db, (tx) => outbox.publish(tx, 'user.registered', { userId: 'u1' }));
  await runner.start();
  await until(() => flaky.length === 3);
  await runner.stop(1_000);

  expect(flaky).toEqual(['u1', 'u1', 'u1']);
  expect(steady).toEqual(['u1']);
  const deliveries = await database.db.select().from(jobs).where(eq(jobs.kind, DELIVER_EVENT_JOB));
  expect(deliveries.map((d) => [(d.payload as { subscriber: string }).subscriber, d.state, d.attempts]).sort()).toEqual(
    [
      ['test.flaky', 'succeeded', 3],
      ['test.steady', 'succeeded', 1],
    ],
  );
  expect(await database.db.select().from(outboxEvents)).toHaveLength(1);
});

it('refuses a payload that does not match its event schema, in the publishing transaction', async () => {
  const outbox = createOutbox();
  await expect(
    inTransaction(database.db, (tx) =>
      outbox.publish(tx, 'user.registered', { userId: 42 } as unknown as { userId: string }),
    ),
  ).rejects.toThrow();
});

it('the purge keeps an old event while a delivery of it is unfinished', async () => {
  const outbox = createOutbox();
  const seen: string[] = [];
  outbox.add([
    subscribe({ name: 'test.later', event: 'user.registered', handle: async ({ userId }) => void seen.push(userId) }),
  ]);
  await inTransaction(database.db, (tx) => outbox.publish(tx, 'user.registered', { userId: 'u2' }));
  const purge = () => createJobsRepository(database.db).purgeFinishedBefore(new Date(Date.now() + 60_000));
  await purge();
  await testRunner(database.db, { definitions: [outbox.deliveryJob(database.db)] }).drain();
  expect(seen).toEqual(['u2']);
  await purge();
  expect(await database.db.select().from(outboxEvents)).toEqual([]);
});
