// Outbox dispatch latency: an event is published in a transaction; the time from its commit until its
// subscriber has run, through the real runner polling at its default interval. Baseline: a bare loop
// polling for the committed event row at the same interval, i.e. the part of the latency that is the poll.
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { outboxEvents } from '../../apps/server/src/db/schema/index.js';
import { inTransaction } from '../../apps/server/src/db/transaction.js';
import { createJobRunner } from '../../apps/server/src/platform/jobs/job-runner.js';
import { createOutbox, subscribe } from '../../apps/server/src/platform/jobs/outbox.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
export const DISPATCH_P95_BUDGET_MS = 100;
/** The runner's default poll interval, which the baseline loop uses too. */
const POLL_MS = 50;

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function dispatchLatency(database: DatabaseHandle): Promise<{ p95: number; bare: number }> {
  const { db } = database;
  let delivered: (() => void) | undefined;
  const outbox = createOutbox();
  outbox.add([subscribe({ name: 'bench.latency', event: 'user.registered', handle: async () => delivered?.() })]);
  const runner = createJobRunner({
    db,
    log: { warn: () => undefined, error: () => undefined },
    pollIntervalMs: POLL_MS,
    definitions: [outbox.deliveryJob(db)],
  });
  outbox.onPublish(() => runner.wake()); // as app.ts wires it
  await runner.start();
  const samples: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    await inTransaction(db, (tx) => outbox.publish(tx, 'user.registered', { userId: `bench-${i}` }));
    const committed = performance.now();
    await arrived;
    samples.push(performance.now() - committed);
    await pause(Math.random() * POLL_MS); // publish at varying points of the poll cycle
  }
  await runner.stop(1_000);

  const bare: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const [row] = await db.insert(outboxEvents).values({ name: 'bench.bare', payload: {} }).returning();
    const committed = performance.now();
    // A poll that started at a random point of its interval before the commit.
    await pause(Math.random() * POLL_MS);
    while ((await db.select().from(outboxEvents).where(eq(outboxEvents.id, row!.id))).length === 0)
      await pause(POLL_MS);
    bare.push(performance.now() - committed);
  }
  return { p95: p95(samples), bare: p95(bare) };
}
