// Jobs per second: N no-op jobs enqueued in one statement, then run to idle by the real runner
// (apps/server/src/platform/jobs). Baseline: the same N rows taken by a bare `UPDATE … WHERE id IN (SELECT …
// FOR UPDATE SKIP LOCKED LIMIT 1)` loop, one statement per job, with nothing else around it.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { defineJob } from '../../apps/server/src/platform/jobs/job-definition.js';
import { createJobRunner } from '../../apps/server/src/platform/jobs/job-runner.js';
import { enqueueJobs } from '../../apps/server/src/platform/jobs/job-store.js';

const N = Number(process.env.BENCH_JOBS ?? 2_000);
/** Budget on PostgreSQL (issue 10); PGlite's figure is printed for reference. */
export const JOBS_PER_SECOND_BUDGET = 500;

const quiet = { warn: () => undefined, error: () => undefined };

async function enqueue(database: DatabaseHandle, kind: string) {
  for (let i = 0; i < N; i += 500) {
    const batch = Array.from({ length: Math.min(500, N - i) }, (_, j) => ({ kind, payload: { n: i + j } }));
    await enqueueJobs(database.db, batch);
  }
}

export async function jobsPerSecond(database: DatabaseHandle): Promise<{ runner: number; bare: number }> {
  await enqueue(database, 'bench.bare');
  let started = performance.now();
  for (let taken = N; taken > 0;) {
    const rows = await database.db.execute(sql`update jobs set state = 'succeeded', attempts = attempts + 1
      where id in (select id from jobs where kind = 'bench.bare' and state = 'queued' order by run_at limit 1
      for update skip locked) returning id`);
    const count = rowsOf(rows).length;
    if (count === 0) break;
    taken -= count;
  }
  const bare = N / ((performance.now() - started) / 1000);

  await enqueue(database, 'bench.noop');
  const runner = createJobRunner({
    db: database.db,
    log: quiet,
    concurrency: Number(process.env.JOB_BENCH_CONCURRENCY ?? 16),
    definitions: [defineJob({ kind: 'bench.noop', payload: z.object({ n: z.number() }), run: async () => null })],
  });
  started = performance.now();
  await runner.drain();
  const seconds = (performance.now() - started) / 1000;
  return { runner: N / seconds, bare };
}
