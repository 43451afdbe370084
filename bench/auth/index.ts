// bench/auth: the cost of being signed in. Builds the real app in-process (no network) on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set, then prints p50/p95 of
//  - an authenticated GET /api/me with a session cookie (session lookup + user read, the tax on every request),
//  - the same with a bearer API token,
//  - a password sign-in (dominated by argon2id at 19 MiB × 2 passes, which is the point),
// next to GET /api/health (no auth) as the floor. Exits 1 when over budget.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { withScratchPostgres } from '../support/scratch-postgres.js';
import { time } from '../support/timing.js';

const BUDGET_ME_P95_MS = 10;
const BUDGET_LOGIN_P95_MS = 150;
const ROUNDS = 300;
const LOGINS = 20;

const timed = (rounds: number, fn: () => Promise<unknown>) => time(fn, { rounds, warmup: Math.min(20, rounds) });

let over = false;
const report = (name: string, t: { p50: number; p95: number }, budget?: number) => {
  const ok = budget === undefined || t.p95 <= budget;
  over ||= !ok;
  const b = budget === undefined ? '(floor, no budget)' : `(budget p95 ≤ ${budget} ms)${ok ? '' : '  OVER BUDGET'}`;
  console.log(`${name}: p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms ${b}`);
};

async function run(label: string, database: DatabaseHandle) {
  await database.migrate();
  const app = await buildApp({ database });
  await app.ready();
  try {
    const user = { name: 'Bench Reader', email: `bench-${Date.now()}@example.org`, password: 'a long bench password' };
    const headers = { 'x-requested-with': 'bench' };
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: user, headers });
    const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/me/tokens',
        payload: { name: 'bench' },
        headers: { ...headers, cookie },
      })
    ).json<{ token: string }>().token;

    const ok = (status: number) => {
      if (status !== 200) throw new Error(`unexpected status ${status}`);
    };
    report(
      `auth.health-floor.${label}`,
      await timed(ROUNDS, async () => ok((await app.inject({ method: 'GET', url: '/api/health' })).statusCode)),
    );
    report(
      `auth.me-session.${label}`,
      await timed(ROUNDS, async () =>
        ok((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode),
      ),
      BUDGET_ME_P95_MS,
    );
    report(
      `auth.me-token.${label}`,
      await timed(ROUNDS, async () =>
        ok(
          (await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } }))
            .statusCode,
        ),
      ),
      BUDGET_ME_P95_MS,
    );
    let n = 0;
    report(
      `auth.login.${label}`,
      // Each sign-in from its own address: the per-address limit is not what is measured here.
      await timed(LOGINS, async () => {
        n += 1;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: user,
          headers,
          remoteAddress: `10.9.${n >> 8}.${n & 255}`,
        });
        ok(res.statusCode);
      }),
      BUDGET_LOGIN_P95_MS,
    );
  } finally {
    await app.close();
  }
}

await run('pglite', openDatabase({ kind: 'pglite' })).finally(() => undefined);

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  try {
    await withScratchPostgres(admin, pgUrl, `bookshelf_bench_${randomBytes(4).toString('hex')}`, (database) =>
      run('postgres', database),
    );
  } finally {
    await admin.end();
  }
} else {
  console.log('auth.*.postgres: skipped (set TEST_DATABASE_URL to measure PostgreSQL too)');
}
process.exit(over ? 1 : 0);
