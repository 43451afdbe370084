// bench/analytics: library value and spending (issue 13, decision 046) for a reader with 20,000 books
// (BENCH_ANALYTICS_BOOKS), about 80% of them with a purchase (seven currencies, dates over ten years, 10%
// undated) and 10% on the wishlist. Builds the real app in-process (no network) on PGlite (in a temporary
// DATA_DIR, as `npm start` runs it) and on PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL, in a database of
// its own that is dropped afterwards), loads the books straight into the table, then prints p50/p95 of
//  - GET /api/analytics/library-value (one aggregate per currency, converted at today's rate),
//  - GET /api/analytics/spending (every purchase converted at the rate of its own day),
// twice: with no stored rates (the fixed tables), then with ten years of ECB-like working days for nine
// currencies in fx_rates, where spending looks up a rate for each distinct (currency, day), the dear case.
// Each beside the bare SQL it runs (the floor: the very statements the app sent, captured once through a
// logging Drizzle instance and replayed on the same driver), and GET /api/health as the bare app.
// Exits 1 when a p95 is over budget, after printing EXPLAIN ANALYZE of the statements of that request.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { onEachDatabase } from '../support/each-database.js';
import { batchesOf, driverOf, explain, type Statement } from '../support/sql-floor.js';
import { time, type Timing } from '../support/timing.js';
import { loadBooks, loadRates } from './seed.js';

const BOOKS = Number(process.env.BENCH_ANALYTICS_BOOKS ?? 20_000);
const ROUNDS = 100;
const WARMUP = 10;
const MIN_ROUNDS = 5;
const MAX_MS = 10_000;
type Kind = 'pglite' | 'postgres';
/**
 * A page of figures within a second for a 20,000-book library. Spending converts each purchase at its own day's
 * rate and groups it five ways, so it is allowed more than the value's one group per currency.
 */
const CASES = [
  { name: 'library-value', url: '/api/analytics/library-value', budget: { pglite: 300, postgres: 150 } },
  { name: 'spending', url: '/api/analytics/spending', budget: { pglite: 800, postgres: 500 } },
] as const;

/** WARMUP then ROUNDS samples; a slow request stops early (after MIN_ROUNDS) once MAX_MS were spent on it. */
const timed = (fn: () => Promise<unknown>) =>
  time(fn, { rounds: ROUNDS, warmup: WARMUP, maxMs: MAX_MS, minRounds: MIN_ROUNDS });

const ms = (n: number) => `${n.toFixed(2)} ms`;
const of = (t: Timing) => (t.n < ROUNDS ? ` [${t.n} samples]` : '');
let over = false;
const summary: string[] = [];
const say = (line: string) => {
  console.log(line);
  summary.push(line);
};

/** The session lookup is the cost of being signed in (bench/auth), not of the analytics: the floor leaves it out. */
const SIGN_IN_TABLES = /\b(from|update|into)\s+"?(sessions|users|api_tokens)"?/i;

type App = Awaited<ReturnType<typeof buildApp>>;

async function measure(kind: Kind, rates: 'fixed' | 'ecb', database: DatabaseHandle, app: App, cookie: string) {
  const { run: runSql, capturing } = driverOf(database);
  for (const c of CASES) {
    const budget = c.budget[kind];
    const log: Statement[] = [];
    const probeApp = await buildApp({ database: capturing(log) });
    const probe = await probeApp.inject({ method: 'GET', url: c.url, headers: { cookie } });
    await probeApp.close();
    if (probe.statusCode !== 200) throw new Error(`${c.url} answered ${probe.statusCode}: ${probe.body}`);
    const answer = probe.json<{ bookCount: number; ratesSource: string }>();
    // The bench must measure the case it names: ECB rates in use exactly when some are stored.
    if (answer.ratesSource !== rates) throw new Error(`${c.url} used ${answer.ratesSource} rates, not ${rates}`);
    const statements = log.filter((s) => !SIGN_IN_TABLES.test(s.text));
    const batches = batchesOf(statements);

    const http = await timed(async () => {
      const res = await app.inject({ method: 'GET', url: c.url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${c.url} answered ${res.statusCode}`);
    });
    const floor = await timed(async () => {
      for (const batch of batches) await Promise.all(batch.map(runSql));
    });
    const ok = http.p95 <= budget;
    over ||= !ok;
    say(
      `analytics.${c.name}.${rates}.${kind}: p50 ${ms(http.p50)}, p95 ${ms(http.p95)}${of(http)} (budget p95 ≤ ${budget} ms)` +
        `${ok ? '' : '  OVER BUDGET'} | bare SQL p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}${of(floor)}` +
        ` (statements: ${batches.map((b) => b.length).join(' then ')}; ${answer.bookCount} books counted)`,
    );
    if (!ok || process.env.BENCH_EXPLAIN) {
      for (const s of statements) {
        console.log(`\n  ${s.text}\n  params ${JSON.stringify(s.params)}`);
        console.log((await explain(runSql, s)).replace(/^/gm, '    '));
      }
    }
  }
}

async function run(kind: Kind, database: DatabaseHandle) {
  await database.migrate();
  const app = await buildApp({ database });
  await app.ready();
  try {
    const headers = { 'x-requested-with': 'bench' };
    const email = `bench-analytics-${randomBytes(4).toString('hex')}@example.org`;
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Bench Collector', email, password: 'a long bench password' },
      headers,
    });
    if (reg.statusCode >= 300) throw new Error(`sign-up answered ${reg.statusCode}: ${reg.body}`);
    const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
    const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = ${email}`));

    // PostgreSQL's autovacuum would visit the new rows soon (in the middle of the figures); PGlite has none.
    const vacuum = kind === 'postgres';
    const loadMs = await loadBooks(database.db, user!.id, BOOKS, vacuum);
    say(
      `analytics.load.${kind}: ${BOOKS} books in ${(loadMs / 1000).toFixed(1)} s (informational: INSERT … SELECT, then ${vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'})`,
    );

    const health = await timed(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode !== 200) throw new Error(`/api/health answered ${res.statusCode}`);
    });
    say(`analytics.health.${kind}: p50 ${ms(health.p50)}, p95 ${ms(health.p95)} (the bare app, no budget)`);

    await measure(kind, 'fixed', database, app, cookie);
    const days = await loadRates(database.db, vacuum);
    say(`analytics.rates.${kind}: ${days} working days × 9 currencies in fx_rates (informational)`);
    await measure(kind, 'ecb', database, app, cookie);
  } finally {
    await app.close();
  }
}

// BENCH_ANALYTICS_ONLY=pglite|postgres runs one of them; BENCH_ANALYTICS_KEEP=1 leaves the PostgreSQL database
// in place for EXPLAIN by hand; BENCH_EXPLAIN=1 prints the plans even within budget.
await onEachDatabase('analytics', run, {
  only: process.env.BENCH_ANALYTICS_ONLY,
  keep: Boolean(process.env.BENCH_ANALYTICS_KEEP),
  skipped: say,
});

console.log(`\n# summary\n${summary.join('\n')}`);
process.exit(over ? 1 : 0);
