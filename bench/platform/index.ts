// bench/platform: the platform seams of issue 10 on PGlite (a temporary DATA_DIR) and PostgreSQL
// (127.0.0.1:5432 or TEST_DATABASE_URL, a scratch database). Prints jobs per second (budget ≥ 500/s on
// PostgreSQL) and outbox dispatch latency p95 (budget ≤ 100 ms), each beside a bare baseline from the same
// run, then the SSE fan-out to 1,000 connections (budget ≤ 150 MB extra; sse.ts) beside a bare node:http SSE
// server. Exits 1 over budget. `BENCH_ONLY=pglite|postgres` runs one database for jobs and dispatch.
import { onEachDatabase } from '../support/each-database.js';
import { dispatchLatency, DISPATCH_P95_BUDGET_MS } from './dispatch.js';
import { jobsPerSecond, JOBS_PER_SECOND_BUDGET } from './jobs.js';
import { benchSseFanOut } from './sse.js';

let over = false;
await onEachDatabase(
  'platform',
  async (kind, database) => {
    await database.migrate();
    const jobs = await jobsPerSecond(database);
    const jobsOver = kind === 'postgres' && jobs.runner < JOBS_PER_SECOND_BUDGET;
    over ||= jobsOver;
    console.log(
      `platform.jobs-per-second.${kind}: ${jobs.runner.toFixed(0)}/s (budget ≥ ${JOBS_PER_SECOND_BUDGET}/s` +
        `${kind === 'postgres' ? '' : ', PostgreSQL only'}; bare SKIP LOCKED loop ${jobs.bare.toFixed(0)}/s)` +
        (jobsOver ? ' OVER BUDGET' : ''),
    );
    const dispatch = await dispatchLatency(database);
    const dispatchOver = dispatch.p95 > DISPATCH_P95_BUDGET_MS;
    over ||= dispatchOver;
    console.log(
      `platform.dispatch-p95.${kind}: ${dispatch.p95.toFixed(1)} ms (budget ≤ ${DISPATCH_P95_BUDGET_MS} ms; ` +
        `bare poll for the row ${dispatch.bare.toFixed(1)} ms)${dispatchOver ? ' OVER BUDGET' : ''}`,
    );
  },
  { only: process.env.BENCH_ONLY, skipped: (line) => console.log(line) },
);
if (!(await benchSseFanOut())) over = true;
if (over) process.exit(1);
