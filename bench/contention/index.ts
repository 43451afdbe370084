// bench/contention: one reader's library changed from many places at once. The real app listens on
// 127.0.0.1 (a random port) on PGlite (a temporary DATA_DIR) and on PostgreSQL (127.0.0.1:5432 or
// TEST_DATABASE_URL, in a database of its own that is dropped afterwards); 30 HTTP clients then change the
// same 4 books for 10 s (status, rating, plain edits, bulk status and tag changes in varying order, see
// apps/server/src/test/contention.ts). Prints the throughput and the 5xx count, and whether the kept facet
// counts still equal a recount. Budget: zero 5xx and no drift. Exits 1 over budget.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { facetCountDrift, runContention, serverErrors } from '../../apps/server/src/test/contention.js';
import { onEachDatabase } from '../support/each-database.js';

const CLIENTS = Number(process.env.BENCH_CONTENTION_CLIENTS ?? 30);
const DURATION_MS = Number(process.env.BENCH_CONTENTION_MS ?? 10_000);
const BOOKS = 4;

let over = false;
const summary: string[] = [];
const say = (line: string) => {
  console.log(line);
  summary.push(line);
};

/** Deadlocks PostgreSQL broke in this database (each one held its transactions for deadlock_timeout, 1 s). */
async function deadlocksSoFar(database: DatabaseHandle): Promise<number> {
  // The statistics reach pg_stat_database within a second of a transaction's end.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const [row] = rowsOf<{ deadlocks: number }>(
    await database.db.execute(
      sql`select deadlocks::int as deadlocks from pg_stat_database where datname = current_database()`,
    ),
  );
  return row?.deadlocks ?? 0;
}

async function run(kind: 'pglite' | 'postgres', database: DatabaseHandle) {
  await database.migrate();
  const app = await buildApp({ database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'bench' };
    const reg = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench Reader',
        email: `bench-contention-${randomBytes(4).toString('hex')}@example.org`,
        password: 'a long bench password',
      }),
    });
    if (!reg.ok) throw new Error(`sign-up answered ${reg.status}: ${await reg.text()}`);
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = (await (await fetch(`${origin}/api/me`, { headers: { cookie } })).json()) as { id: string };
    const bookIds: string[] = [];
    for (let i = 0; i < BOOKS; i += 1) {
      const res = await fetch(`${origin}/api/books`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ title: `Contended Book ${i + 1}`, author: 'Bench Author', tags: ['gift'] }),
      });
      if (res.status !== 201) throw new Error(`adding a book answered ${res.status}: ${await res.text()}`);
      bookIds.push(((await res.json()) as { id: string }).id);
    }

    const result = await runContention({ origin, cookie, bookIds, clients: CLIENTS, durationMs: DURATION_MS });
    const errors = serverErrors(result);
    const drift = await facetCountDrift(database.db, me.id);
    const deadlocks = kind === 'postgres' ? await deadlocksSoFar(database) : undefined;
    const ok = errors === 0 && drift.length === 0;
    over ||= !ok;
    const statuses = [...result.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    say(
      `contention.${kind}: ${(result.requests / (result.elapsedMs / 1000)).toFixed(1)} req/s ` +
        `(${result.requests} requests, ${CLIENTS} clients, ${(result.elapsedMs / 1000).toFixed(1)} s; ${statuses}), ` +
        `5xx ${errors}, facet counts drifted on ${drift.length} rows (budget: 0 5xx, 0 drift)${ok ? '' : '  OVER BUDGET'}` +
        (deadlocks === undefined ? '' : ` | deadlocks detected by PostgreSQL: ${deadlocks} (informational)`),
    );
    for (const failure of result.failures) console.log(`  ${failure}`);
    for (const row of drift.slice(0, 5)) console.log(`  drift ${JSON.stringify(row)}`);
  } finally {
    await app.close();
  }
}

// BENCH_CONTENTION_ONLY=pglite|postgres runs one of them.
const only = process.env.BENCH_CONTENTION_ONLY;

await onEachDatabase('contention', run, { only, skipped: say });

console.log(`\n# summary\n${summary.join('\n')}`);
process.exit(over ? 1 : 0);
