// Preloaded into the app under load (node --import), beside ./loop-delay.mjs: where the mixed run's requests
// wait. It subscribes to the app's diagnostics channels (platform/admission: each API request's arrival,
// admission and leaving of the gate; db/pglite-timings.ts: each PGlite statement's wait, run and return) only
// while the file BENCH_BREAKDOWN_FILE + ".on" exists when SIGUSR2 comes, so the endpoint runs pay nothing.
// On each SIGUSR2 it writes what it gathered since the previous one to BENCH_BREAKDOWN_FILE (summarised:
// percentiles, per route and per statement) and starts again.
import { existsSync, writeFileSync } from 'node:fs';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

const file = process.env.BENCH_BREAKDOWN_FILE;

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  const round = (v) => Math.round(v * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
    total: round(total),
  };
};

let requests = [];
let statements = [];
let since = performance.now();
const onRequest = (t) => requests.push(t);
let transactions = [];
// db/pglite-timings.ts's TRANSACTION_HELD: a committed transaction, BEGIN to COMMIT, not a statement.
const HELD = '(a transaction, BEGIN to COMMIT)';
const onStatement = (t) => (t.sql === HELD ? transactions : statements).push(t);
let on = false;

function report() {
  const wall = performance.now() - since;
  const byRoute = new Map();
  for (const r of requests) {
    const list = byRoute.get(r.route) ?? [];
    list.push(r);
    byRoute.set(r.route, list);
  }
  const gate = (list) => ({
    wait: summary(list.map((r) => r.admitted - r.arrived)),
    held: summary(list.map((r) => r.left - r.admitted)),
  });
  const bySql = new Map();
  for (const s of statements) {
    const list = bySql.get(s.sql) ?? [];
    list.push(s);
    bySql.set(s.sql, list);
  }
  const parts = (list) => ({
    // posted → started: PGlite's queue (another request's open transaction, the statements before it).
    waitForPglite: summary(list.map((s) => s.started - s.posted)),
    inPglite: summary(list.map((s) => s.ended - s.started)),
    // ended → received: the answer waiting for the main thread's turn.
    backToMain: summary(list.map((s) => s.received - s.ended)),
    decode: summary(list.map((s) => s.decoded - s.received)),
  });
  const perStatement = [...bySql].map(([sql, list]) => ({
    sql,
    inTransaction: list.some((s) => s.inTransaction),
    ...parts(list),
  }));
  perStatement.sort((a, b) => b.inPglite.total - a.inPglite.total);
  return {
    wallMs: Math.round(wall),
    requests: {
      all: gate(requests),
      // How many were inside and waiting when each request came to the gate.
      insideOnArrival: summary(requests.map((r) => r.insideOnArrival)),
      waitingOnArrival: summary(requests.map((r) => r.waitingOnArrival)),
      byRoute: Object.fromEntries([...byRoute].map(([route, list]) => [route, gate(list)])),
    },
    statements: { all: parts(statements), slowest: perStatement.slice(0, 8) },
    // Each one held every other statement back for this long.
    transactions: { held: summary(transactions.map((t) => t.ended - t.started)) },
  };
}

if (file) {
  process.on('SIGUSR2', () => {
    if (on) writeFileSync(file, JSON.stringify(report()));
    requests = [];
    statements = [];
    transactions = [];
    since = performance.now();
    const want = existsSync(`${file}.on`);
    if (want && !on) {
      subscribe('bookshelf:admission', onRequest);
      subscribe('bookshelf:pglite:statement', onStatement);
    } else if (!want && on) {
      unsubscribe('bookshelf:admission', onRequest);
      unsubscribe('bookshelf:pglite:statement', onStatement);
    }
    on = want;
  });
}
