import { ApiErrorSchema } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';
import { requireTestDatabaseUrl, testDatabaseKind } from '../test/database.js';
import { inTransaction } from './transaction.js';

// Only PostgreSQL has connections a server can end (pg_terminate_backend, a restart, a failover); PGlite runs
// inside the process, and its being closed is answered 503 like any outage (health.int.test.ts).
describe.runIf(testDatabaseKind === 'postgres')('database connections ended by the server', () => {
  let t: TestApp;
  let admin: postgres.Sql;
  let name: string;
  let transactionRuns = 0;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/slow-read', { config: { anonymous: true } }, async () => {
          await t.database.db.execute(sql`select pg_sleep(0.5)`);
          return { ok: true };
        });
        app.post('/api/test/slow-transaction', { config: { anonymous: true } }, async () => {
          await inTransaction(t.database.db, async (tx) => {
            transactionRuns += 1;
            await tx.execute(sql`select 1`);
            await tx.execute(sql`select pg_sleep(0.5)`);
          });
          return { runs: transactionRuns };
        });
        // Not a plain read, so it is not sent again: a lost connection can only be answered 503.
        app.post('/api/test/slow-write', { config: { anonymous: true } }, async () => {
          await t.database.db.execute(sql`update users set name = name where (select pg_sleep(0.5))::text = 'never'`);
          return { ok: true };
        });
      },
    });
    name = new URL((t.database as { url?: string }).url!).pathname.slice(1);
    admin = postgres(requireTestDatabaseUrl(), { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await admin.end({ timeout: 5 });
    await t.close();
  });

  /** Ends every connection of the app's pool, as `SELECT pg_terminate_backend(pid) …` by an operator does. */
  async function terminateAppConnections(): Promise<number> {
    const [row] = await admin<{ n: number }[]>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = ${name} and pid <> pg_backend_pid()`;
    return row!.n;
  }

  /** Waits until the app's connection runs a statement containing `text`. */
  async function untilRunning(text: string) {
    for (let i = 0; i < 200; i += 1) {
      const rows = await admin`select 1 from pg_stat_activity where datname = ${name} and state = 'active'
        and query like ${`%${text}%`} and pid <> pg_backend_pid()`;
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no statement with ${text} started`);
  }

  it('answers the very next requests 200, at once, after every pooled connection was ended', async () => {
    const { browser } = await signUp(t.app);
    const added = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
    const id = added.json<{ id: string }>().id;
    // Every connection of the pool open (the test pool has 4).
    await Promise.all(Array.from({ length: 8 }, () => browser.get('/api/books')));
    expect(await terminateAppConnections()).toBeGreaterThan(0);

    const started = performance.now();
    const answers = [
      await browser.get('/api/books'),
      await browser.patch(`/api/books/${id}`, { rating: 4 }),
      await browser.post('/api/books/bulk', { ids: [id], addTag: 'classic' }),
      await browser.get('/api/books/facets'),
    ];
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`.trim())).toEqual([
      '200',
      '200',
      '200',
      '200',
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);

    // Ended while the requests were running at once: none of them fails.
    await Promise.all(Array.from({ length: 8 }, () => browser.get('/api/books')));
    await terminateAppConnections();
    const burst = await Promise.all(Array.from({ length: 8 }, () => browser.get('/api/books')));
    expect(burst.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
  });

  it('reads again a read whose connection was ended under it', async () => {
    const pending = t.app.inject({ method: 'GET', url: '/api/test/slow-read' });
    await untilRunning('pg_sleep');
    await terminateAppConnections();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
  });

  it('runs a transaction whose connection was ended under it again, and the process lives on', async () => {
    // postgres.js 3.4.9 wrote ROLLBACK to the closed connection here and crashed the process with an uncaught
    // TypeError (see transaction.ts); vitest fails a run with an uncaught error.
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/test/slow-transaction',
      headers: { 'x-requested-with': 't' },
    });
    await untilRunning('pg_sleep');
    await terminateAppConnections();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ runs: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100)); // when the crash used to come
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a write whose connection was ended under it 503 with Retry-After, not 500', async () => {
    const pending = t.app.inject({ method: 'POST', url: '/api/test/slow-write', headers: { 'x-requested-with': 't' } });
    await untilRunning('pg_sleep');
    await terminateAppConnections();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    // …and the next request is served.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
