// The bare SQL of a request (the floor the benches set beside each HTTP figure): a second app over the same
// client, whose Drizzle logs every statement, answers the request once; its statements are then replayed
// directly on the driver, timed the same way as the request.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import type { DatabaseHandle } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import * as schema from '../../apps/server/src/db/schema/index.js';

export interface Statement {
  text: string;
  params: unknown[];
  /**
   * Statements sent in the same turn of the event loop (a Promise.all) share a batch and are replayed so. PGlite
   * may answer within one turn and so merge batches; it runs one statement at a time anyway.
   */
  batch: number;
}
export type Runner = (s: Statement) => Promise<unknown>;

export function driverOf(database: DatabaseHandle): {
  run: Runner;
  capturing: (log: Statement[]) => DatabaseHandle;
} {
  const client = (database.db as unknown as { $client: PGlite | Sql }).$client;
  const logger = (log: Statement[]) => {
    let batch = 0;
    let turnEnding = false;
    return {
      logQuery: (text: string, params: unknown[]) => {
        log.push({ text, params, batch });
        if (turnEnding) return;
        turnEnding = true;
        setImmediate(() => {
          batch += 1;
          turnEnding = false;
        });
      },
    };
  };
  if (database.kind === 'pglite') {
    const pg = client as PGlite;
    return {
      run: (s) => pg.query(s.text, s.params),
      capturing: (log) => ({ ...database, db: drizzlePglite({ client: pg, schema, logger: logger(log) }) }),
    };
  }
  const pg = client as Sql;
  return {
    // Named prepared statements, as Drizzle sends a prepared query (the library's pages without a search:
    // docs/decisions/063-full-answers.md), so PostgreSQL may switch to a generic plan alike. Drizzle sends
    // its other queries unprepared (parsed, planned and described each time): for those this floor is lower
    // than what the app runs.
    run: (s) => pg.unsafe(s.text, s.params as never[], { prepare: true }),
    capturing: (log) => ({ ...database, db: drizzlePostgres({ client: pg, schema, logger: logger(log) }) }),
  };
}

/** The statements grouped into their batches, in order: each batch is replayed with Promise.all. */
export const batchesOf = (statements: Statement[]): Statement[][] =>
  [...new Set(statements.map((s) => s.batch))].map((b) => statements.filter((s) => s.batch === b));

export async function explain(run: Runner, s: Statement): Promise<string> {
  const result = await run({ ...s, text: `explain (analyze, buffers) ${s.text}` });
  return rowsOf<Record<string, string>>(result)
    .map((r) => Object.values(r)[0])
    .join('\n');
}
