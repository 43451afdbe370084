/**
 * A job runner in a process of its own, for the kill -9 test (platform/jobs/crash.int.test.ts). It enqueues
 * one job (once, by its dedupe key) whose handler sleeps JOB_MS and then writes its effect keyed on the job
 * id; it prints `started <id>` when the handler begins and `finished <effects> <state> <attempts>` once the
 * job is marked done. Environment: DATABASE_URL or DATA_DIR, LEASE_MS, JOB_MS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { jobs } from '../db/schema/index.js';
import { defineJob } from '../platform/jobs/job-definition.js';
import { createJobRunner } from '../platform/jobs/job-runner.js';
import { enqueueJob } from '../platform/jobs/job-store.js';

const env = process.env;
const database = openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
);
await database.migrate();
const { db } = database;
await db.execute(sql`create table if not exists crash_effects (job_id uuid primary key)`);
const job = await enqueueJob(db, 'test.crash', {}, { dedupeKey: 'crash-test' });

const runner = createJobRunner({
  db,
  log: { warn: (obj, msg) => console.error(msg, obj), error: (obj, msg) => console.error(msg, obj) },
  leaseMs: Number(env.LEASE_MS),
  pollIntervalMs: 20,
  definitions: [
    defineJob({
      kind: 'test.crash',
      payload: z.object({}),
      run: async (_, { job }) => {
        console.log(`started ${job.id} (attempt ${job.attempts})`);
        await sleep(Number(env.JOB_MS));
        await db.execute(sql`insert into crash_effects (job_id) values (${job.id}) on conflict do nothing`);
      },
    }),
  ],
});
await runner.start();
for (;;) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
  if (row?.state === 'succeeded') {
    const [effects] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from crash_effects`));
    console.log(`finished ${effects!.n} ${row.state} ${row.attempts}`);
    break;
  }
  await sleep(20);
}
await runner.stop();
await database.close();
