// bench/load: the app under many clients, as `npm start` runs it (the production build, node
// apps/server/dist/main.js in a process of its own), on PGlite and on PostgreSQL (a scratch database).
// A reader is signed up through the API and given BENCH_LOAD_BOOKS books (1,000), then each endpoint is
// loaded with autocannon (BENCH_LOAD_CONNECTIONS × BENCH_LOAD_SECONDS, 50 × 6 s; BENCH_LOAD_REPS pairs, 10)
// against the app AND against a bare node:http server (also its own process) that sends the very bytes and
// headers captured from the app, alternating app and bare in short runs, since the machine's speed drifts for
// both (decision 039). It prints the median run's req/s, p50/p99, failures, the median of the pairs' app/bare
// ratios beside its budget (DESIGN.md: a cached read, /api/me and the list
// answered 304 to its ETag, ≥ 30% of bare), and the app's event-loop delay under that load. The full page
// (books-list) is also loaded beside the SQL floor (./sql-floor-server.ts: node:http running the app's own
// statements through the same driver, sending JSON.stringify of the rows), goal ≥ 50% of it. Then a mixed
// read/write run, BENCH_LOAD_MIXED_CONNECTIONS × BENCH_LOAD_MIXED_SECONDS (100 × 60 s): zero errors (no
// socket errors, timeouts or unexpected statuses) and p99 < 1 s, on PGlite too.
//   npm run bench -- load          BENCH_LOAD_DB=pglite|postgres runs one database only,
//   BENCH_LOAD_ENDPOINTS=me,books-list a subset, BENCH_LOAD_NODE_ARGS="--cpu-prof" flags for the app,
//   BENCH_LOAD_PORT_BASE=3200 the ports (the app on PGlite there, on PostgreSQL the next, the bare server +10).
// During the endpoint runs autocannon has CPU 0 and the server under test (app or bare) the others
// (../support/cpu-placement.ts); BENCH_LOAD_PIN=0 lets them share. The mixed run has every CPU.
// Exits 1 when anything is over budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, medianRun, runAutocannon, type LoadRun } from '../support/autocannon.js';
import { capture, startBareServer, type CannedAnswer } from '../support/bare-server.js';
import { buildApp } from '../support/built-app.js';
import { cpuPlacement, cpuSeconds } from '../support/cpu-placement.js';
import { withScratchPostgresUrl } from '../support/scratch-postgres.js';
import { startApp, type AppProcess } from './app-process.js';
import { breakdownLines, type ServerBreakdown } from './breakdown.js';
import { mixedRequests, type KindLatencies } from './mixed.js';
import { seedBooks, signUp } from './seed.js';
import { copyDataDir, floorLine, startSqlFloorServer, type SqlFloorServer } from './sql-floor-server.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_LOAD_SECONDS', 6);
const CONNECTIONS = env('BENCH_LOAD_CONNECTIONS', 50);
const REPS = env('BENCH_LOAD_REPS', 10);
const MIXED_SECONDS = env('BENCH_LOAD_MIXED_SECONDS', 60);
const MIXED_CONNECTIONS = env('BENCH_LOAD_MIXED_CONNECTIONS', 100);
const BOOKS = env('BENCH_LOAD_BOOKS', 1_000);
const ONLY = process.env.BENCH_LOAD_DB;
/** A comma-separated subset of the endpoint names below ("none" for the mixed run alone). */
const PICK = process.env.BENCH_LOAD_ENDPOINTS?.split(',');
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Ports of their own (3200–3249 by default), so a bench never meets a server someone is using.
const PORT_BASE = env('BENCH_LOAD_PORT_BASE', 3200);
const PORTS = { pglite: PORT_BASE, postgres: PORT_BASE + 1, bare: PORT_BASE + 10, floor: PORT_BASE + 11 } as const;

const PLACEMENT = cpuPlacement(process.env.BENCH_LOAD_PIN === '0');

const CACHED_READ_RATIO = 0.3;
const MIXED_P99_MS = 1_000;
/** A full answer against a bare server running the same SQL through the same driver (issue 28's goal). */
const FULL_ANSWER_RATIO = 0.5;

interface Endpoint {
  name: string;
  path: string;
  /** Held to the cached-read budget. */
  cached?: boolean;
  /** Sends If-None-Match with the ETag of the plain answer and expects 304. */
  conditional?: boolean;
  auth?: boolean;
  /** Also loaded beside the SQL floor (./sql-floor-server.ts), held to FULL_ANSWER_RATIO. */
  floor?: boolean;
}
const ENDPOINTS: Endpoint[] = [
  { name: 'health', path: '/api/health' },
  { name: 'me', path: '/api/me', auth: true, cached: true },
  { name: 'books-list', path: '/api/books?limit=50', auth: true, floor: true },
  { name: 'books-list-304', path: '/api/books?limit=50', auth: true, cached: true, conditional: true },
  { name: 'books-search', path: '/api/books?q=gatsby', auth: true },
];

let over = false;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const failures = (r: LoadRun) => r.errors + r.timeouts + r.unexpected;
const failureText = (r: LoadRun) => `errors ${r.errors}, timeouts ${r.timeouts}, unexpected status ${r.unexpected}`;

/**
 * The server's CPU per answer in the median runs `a` and `b`, and the median of the pairs' ratios: a bare server
 * the client cannot keep busy shows it here.
 */
const cpuText = (a: LoadRun, b: LoadRun, appRuns: LoadRun[], bareRuns: LoadRun[]) => {
  const cpu = (r: LoadRun) => r.serverCpuUs ?? NaN;
  const us = (r: LoadRun) => `${Math.round(cpu(r))} µs (${Math.round((r.serverBusy ?? NaN) * 100)}% busy)`;
  const ratio = median(appRuns.map((run, i) => cpu(bareRuns[i]!) / cpu(run))) * 100;
  return `server CPU per answer: app ${us(a)}, bare ${us(b)}, bare/app ${ratio.toFixed(1)}%`;
};

/** Where the SQL floor finds the app's data: its PostgreSQL database, or a copy of its PGlite DATA_DIR. */
type FloorData = { databaseUrl?: string | undefined; dataDir?: string | undefined };

async function endpoints(kind: string, app: AppProcess, cookie: string, floorData: FloorData) {
  const answers = new Map<string, CannedAnswer>();
  const plan: Array<Endpoint & { headers: Record<string, string>; status: number }> = [];
  for (const e of ENDPOINTS.filter((x) => !PICK || PICK.includes(x.name))) {
    const headers: Record<string, string> = e.auth ? { cookie } : {};
    // As autocannon asks: without Accept-Encoding, so the answer is the identity one it will get.
    const plain = await capture(`${app.url}${e.path}`, headers);
    if (plain.status !== 200) throw new Error(`${e.path} answered ${plain.status}`);
    if (!e.conditional) {
      answers.set(e.path, plain);
      plan.push({ ...e, headers, status: 200 });
      continue;
    }
    const etag = plain.headers.etag === undefined ? undefined : String(plain.headers.etag);
    if (!etag) {
      console.log(`load.${e.name}.${kind}: no ETag (the app sends none, so there is no 304 to measure)`);
      continue;
    }
    const conditionalHeaders = { ...headers, 'if-none-match': etag };
    const notModified = await capture(`${app.url}${e.path}`, conditionalHeaders);
    if (notModified.status !== 304) {
      over = true;
      console.log(`load.${e.name}.${kind}: answered ${notModified.status} to its own ETag, not 304  OVER BUDGET`);
      continue;
    }
    answers.set(`${e.path} ${etag}`, notModified);
    plan.push({ ...e, headers: conditionalHeaders, status: 304 });
  }

  const bare = await startBareServer(answers, { port: PORTS.bare });
  PLACEMENT?.place(process.pid, PLACEMENT.client);
  PLACEMENT?.place(app.pid, PLACEMENT.server);
  PLACEMENT?.place(bare.pid, PLACEMENT.server);
  try {
    for (const e of plan) {
      let floor: SqlFloorServer | undefined;
      if (e.floor) {
        floor = await startSqlFloorServer({
          port: PORTS.floor,
          path: e.path,
          requestHeaders: e.headers,
          like: answers.get(e.path)!,
          ...floorData,
        });
        PLACEMENT?.place(floor.pid, PLACEMENT.server);
      }
      // With the server's CPU time, which says whether it was the server or the client that set the pace.
      const load = async (base: string, pid: number): Promise<LoadRun> => {
        const before = cpuSeconds(pid);
        const run = await runAutocannon({
          url: `${base}${e.path}`,
          headers: e.headers,
          connections: CONNECTIONS,
          duration: SECONDS,
          expectStatus: e.status,
        });
        const used = cpuSeconds(pid) - before;
        return { ...run, serverCpuUs: (used * 1e6) / run.total, serverBusy: used / SECONDS };
      };
      const appRuns: LoadRun[] = [];
      const bareRuns: LoadRun[] = [];
      const floorRuns: LoadRun[] = [];
      let worstDelay = { p50: 0, p99: 0, max: 0 };
      await app.loopDelay();
      for (let i = 0; i < REPS; i += 1) {
        appRuns.push(await load(app.url, app.pid));
        const delay = await app.loopDelay();
        if (delay.p99 > worstDelay.p99 || Number.isNaN(worstDelay.p99)) worstDelay = delay;
        bareRuns.push(await load(bare.url, bare.pid));
        if (floor) floorRuns.push(await load(floor.url, floor.pid));
      }
      await floor?.close();
      const a = medianRun(appRuns);
      const b = medianRun(bareRuns);
      // Each app run beside the bare run that followed it: the machine's speed drifts by half over tens of
      // seconds, for both servers alike (decision 039), so a pair of short runs shares its conditions.
      const ratio = median(appRuns.map((run, i) => run.rps / bareRuns[i]!.rps));
      const ratioOk = !e.cached || ratio >= CACHED_READ_RATIO;
      const failed = failures(a) > 0;
      over ||= !ratioOk || failed;
      const budget = e.cached ? `budget ≥ ${CACHED_READ_RATIO * 100}%` : 'no ratio budget';
      console.log(
        `load.${e.name}.${kind}: ${fmt(a.rps)} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms | bare ${fmt(b.rps)} req/s, ` +
          `p99 ${b.p99} ms | app/bare ${(ratio * 100).toFixed(1)}% (${budget}) | ${failureText(a)} | ` +
          `event loop p99 ${worstDelay.p99} ms, max ${worstDelay.max} ms | ${cpuText(a, b, appRuns, bareRuns)}` +
          `${ratioOk && !failed ? '' : '  OVER BUDGET'}`,
      );
      if (floor) {
        const line = floorLine(`load.${e.name}-floor.${kind}`, appRuns, floorRuns, FULL_ANSWER_RATIO, floor);
        over ||= !line.ok;
        console.log(line.text);
      }
    }
  } finally {
    PLACEMENT?.place(process.pid, PLACEMENT.all);
    PLACEMENT?.place(app.pid, PLACEMENT.all);
    await bare.close();
  }
}

async function mixed(kind: string, app: AppProcess, cookie: string) {
  await app.breakdown.start();
  const latencies: KindLatencies = new Map();
  const r = await runAutocannon({
    url: app.url,
    connections: MIXED_CONNECTIONS,
    duration: MIXED_SECONDS,
    requests: mixedRequests(cookie, latencies),
  });
  const { delay, breakdown } = await app.breakdown.stop();
  const server = breakdown as ServerBreakdown | undefined;
  const ok = failures(r) === 0 && r.p99 < MIXED_P99_MS;
  over ||= !ok;
  console.log(
    `load.mixed.${kind}: ${MIXED_CONNECTIONS} clients × ${MIXED_SECONDS} s, ${fmt(r.total)} requests, ` +
      `${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (budget p99 < ${MIXED_P99_MS} ms, zero errors) | ` +
      `${failureText(r)} | event loop p99 ${delay.p99} ms, max ${delay.max} ms${ok ? '' : '  OVER BUDGET'}`,
  );
  for (const line of breakdownLines(`load.mixed.${kind}`, latencies, server)) console.log(line);
}

async function onDatabase(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  // PGlite is one process's: the SQL floor reads a copy of the seeded DATA_DIR, taken while the app is stopped.
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-load-data-'));
  const start = () => startApp({ port: PORTS[kind], ...(databaseUrl ? { databaseUrl } : { dataDir }) });
  let app = await start();
  let floorDir: string | undefined;
  try {
    const cookie = await signUp(app.url);
    const seeding = performance.now();
    await seedBooks(app.url, cookie, BOOKS);
    console.log(`load.seed.${kind}: ${BOOKS} books in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    if (dataDir) {
      await app.stop();
      floorDir = copyDataDir(dataDir);
      app = await start();
    }
    await endpoints(kind, app, cookie, { databaseUrl, dataDir: floorDir });
    await mixed(kind, app, cookie);
  } finally {
    await app.stop();
    for (const dir of [dataDir, floorDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

buildApp();
console.log(
  `load: ${CONNECTIONS} connections × ${SECONDS} s × ${REPS} pairs (app, then bare; medians) per endpoint; mixed ` +
    `${MIXED_CONNECTIONS} × ${MIXED_SECONDS} s; ` +
    (PLACEMENT
      ? `endpoints with autocannon on CPU ${PLACEMENT.client}, the server on CPU ${PLACEMENT.server}`
      : 'autocannon and the server share the CPUs'),
);
if (ONLY !== 'postgres') await onDatabase('pglite');
if (ONLY !== 'pglite') {
  await withScratchPostgresUrl(
    PG_URL,
    `load_bench_${process.pid}`,
    (url) => onDatabase('postgres', url),
    (reason) => console.log(`load.*.postgres: skipped (${reason})`),
  );
}
process.exit(over ? 1 : 0);
