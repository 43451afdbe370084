// @ts-check
// The thread that owns an on-disk PGlite database (decision 028). PGlite runs each statement synchronously in
// WASM on the thread that calls it; here that is this worker, so the server's main thread keeps answering
// HTTP while a query runs. It only forwards: every call is the PGlite API call the main thread asked for
// (pglite-remote.ts), in the order asked, so PGlite's own queueing of queries and transactions is unchanged.
// Plain JavaScript, so that the same file runs under tsx, vitest and the bundled server (whose
// `new URL(…, import.meta.url)` points back at src/, as for the migrations).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/**
 * @typedef {{ id: number } & (
 *   | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; keepText?: number[]; tx?: number }
 *   | { op: 'exec'; sql: string; tx?: number }
 *   | { op: 'begin' }
 *   | { op: 'end'; tx: number; commit: boolean }
 *   | { op: 'listen'; channel: string }
 *   | { op: 'unlisten'; listener: number }
 *   | { op: 'migrate'; folder: string }
 *   | { op: 'close' }
 * )} Request
 */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, postgresqlconf } = /** @type {{ dataDir: string; postgresqlconf: string[] }} */ (workerData);
const client = new PGlite({ dataDir, postgresqlconf, extensions: { pg_trgm } });

/**
 * @typedef {{ tx: Transaction; commit: () => void; rollback: () => void; settled: Promise<unknown> }} OpenTransaction
 * An open transaction: the `tx` PGlite handed over, how to let its callback return or throw, and its outcome.
 */
/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
let nextId = 1;

/** A keep-the-text parser for each type Drizzle asks to keep as text (timestamps, dates, intervals). */
const keepingText = (/** @type {number[]} */ oids) =>
  Object.fromEntries(oids.map((oid) => [oid, (/** @type {string} */ value) => value]));

/**
 * The error's own fields (code, detail, constraint…) survive the trip, where structured clone would keep only
 * the message. Only plain values go: PGlite's errors also carry the query's options, parsers and all.
 */
function plainError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

class Rollback extends Error {}

/** @param {Request} request */
async function handle(request) {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? client : transactionOf(request.tx);
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.keepText ? { parsers: keepingText(request.keepText) } : {}),
      });
      return { rows, fields, affectedRows };
    }
    case 'exec': {
      const target = request.tx === undefined ? client : transactionOf(request.tx);
      return (await target.exec(request.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    }
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const listener = nextId++;
      const channel = request.channel;
      listeners.set(listener, await client.listen(channel, (payload) => port.postMessage({ listener, payload })));
      return listener;
    }
    case 'unlisten': {
      const unlisten = listeners.get(request.listener);
      listeners.delete(request.listener);
      if (unlisten && !client.closed) await unlisten();
      return undefined;
    }
    case 'migrate':
      await migrate(drizzle({ client }), { migrationsFolder: request.folder });
      return undefined;
    case 'close':
      if (!client.closed) await client.close();
      return undefined;
  }
}

function transactionOf(/** @type {number} */ id) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open.tx;
}

/**
 * Opens a PGlite transaction and answers its id once inside it. Its callback then waits for the main thread's
 * `end`, and returns (COMMIT) or throws (ROLLBACK).
 */
function begin() {
  const id = nextId++;
  return new Promise((began, failed) => {
    /** @type {OpenTransaction} */
    const open = /** @type {OpenTransaction} */ ({});
    open.settled = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          Object.assign(open, { tx, commit: () => commit(undefined), rollback: () => rollback(new Rollback()) });
          transactions.set(id, open);
          began(id);
        }),
    );
    open.settled.then(
      () => transactions.delete(id),
      (/** @type {unknown} */ error) => {
        // BEGIN itself failed (the database is closed): nothing was opened, and `begin` fails.
        if (!transactions.delete(id)) failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Lets the transaction's callback return or throw, and answers once PGlite has committed or rolled back. */
async function end(/** @type {number} */ id, /** @type {boolean} */ commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  if (commit) open.commit();
  else open.rollback();
  try {
    await open.settled;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

port.on('message', (/** @type {Request} */ request) => {
  handle(request)
    .then((value) => port.postMessage({ id: request.id, ok: true, value }))
    // An answer that cannot be cloned (a type PGlite parsed into something exotic) fails its call, not the thread.
    .catch((/** @type {unknown} */ error) => port.postMessage({ id: request.id, ok: false, error: plainError(error) }));
});
