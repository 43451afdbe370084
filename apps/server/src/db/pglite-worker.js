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
import { startMaintenance } from './pglite-maintenance.js';

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/**
 * @typedef {{ id: number } & (
 *   | { op: 'statement'; bytes: Uint8Array; tx?: number; waiting?: true }
 *   | { op: 'exec'; sql: string; tx?: number }
 *   | { op: 'end'; tx: number; commit: boolean }
 *   | { op: 'listen'; channel: string }
 *   | { op: 'unlisten'; listener: number }
 *   | { op: 'migrate'; folder: string }
 *   | { op: 'close' }
 * )} Request
 */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, postgresqlconf, maintenanceIntervalMs, answers } =
  /**
   * @type {{
   *   dataDir: string;
   *   postgresqlconf: string[];
   *   maintenanceIntervalMs?: number;
   *   answers?: { port: import('node:worker_threads').MessagePort; posted: SharedArrayBuffer };
   * }}
   */ (workerData);
/** Counts the answers posted to `answers.port`, so that the main thread can sleep until one comes. */
const answersPosted = answers ? new Int32Array(answers.posted) : undefined;
const client = new PGlite({ dataDir, postgresqlconf, extensions: { pg_trgm } });
// Between the main thread's statements, as autovacuum would run beside them (pglite-maintenance.js).
const stopMaintenance = startMaintenance(client, {
  ...(maintenanceIntervalMs ? { intervalMs: maintenanceIntervalMs } : {}),
  onError: (error) =>
    console.warn(`PGlite maintenance failed: ${error instanceof Error ? error.message : String(error)}`),
});

/**
 * @typedef {{ tx: Transaction; commit: () => void; rollback: () => void; settled: Promise<unknown>; began: number }} OpenTransaction
 * An open transaction: the `tx` PGlite handed over, how to let its callback return or throw, its outcome, and
 * when PGlite became its.
 */
/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** Transactions whose BEGIN is under way, so that a second statement does not open another. */
/** @type {Map<number, Promise<Transaction>>} */
const opening = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
let nextId = 1;

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
    case 'statement': {
      // One statement's protocol messages, run as PGlite's own query runs them (under its locks), answered
      // with the bytes PostgreSQL wrote, unparsed: the main thread parses them (pglite-wire.ts), NOTIFYs too.
      const run = () => timed(request.bytes);
      if (request.tx !== undefined) {
        await transactionOf(request.tx);
        return client._runExclusiveQuery(run);
      }
      await client._checkReady();
      const answer = await client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
      await client.syncToFs();
      return answer;
    }
    case 'exec': {
      const target = request.tx === undefined ? client : await transactionOf(request.tx);
      return (await target.exec(request.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    }
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
      stopMaintenance();
      if (!client.closed) await client.close();
      return undefined;
  }
}

/** Milliseconds since the epoch, so that the main thread can set them beside its own clock. */
const clock = () => performance.timeOrigin + performance.now();

/**
 * The answer to `messages`, with when it started and ended running in PGlite: the main thread learns how long
 * the statement waited for PGlite and how long it ran (bench/load's queueing breakdown).
 * @returns {Promise<Statement>}
 */
async function timed(/** @type {Uint8Array} */ messages) {
  const started = clock();
  const answer = await answerOf(messages);
  return new Statement(answer, started, clock());
}

class Statement {
  constructor(/** @type {Uint8Array} */ answer, /** @type {number} */ started, /** @type {number} */ ended) {
    this.answer = answer;
    this.ran = /** @type {[number, number]} */ ([started, ended]);
  }
}

/**
 * What PostgreSQL answers to `messages`, as one buffer. The raw stream, since execProtocolRaw would also
 * parse every message here (to find NOTIFYs), which is the main thread's work.
 * @returns {Promise<Uint8Array>}
 */
async function answerOf(/** @type {Uint8Array} */ messages) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  await client.execProtocolRawStream(messages, {
    syncToFs: false,
    // A view of PGlite's buffer, reused for the next chunk: copied.
    onRawData: (chunk) => {
      chunks.push(chunk.slice());
      length += chunk.length;
    },
  });
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const answer = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

/**
 * The open transaction `id`, begun by its first statement: the main thread numbers its transactions itself,
 * so BEGIN costs no round trip of its own (pglite-remote.ts).
 * @returns {Promise<Transaction>}
 */
async function transactionOf(/** @type {number} */ id) {
  const open = transactions.get(id);
  if (open) return open.tx;
  let began = opening.get(id);
  if (!began) {
    began = begin(id);
    opening.set(id, began);
  }
  try {
    return await began;
  } finally {
    opening.delete(id);
  }
}

/**
 * Opens a PGlite transaction and answers once inside it. Its callback then waits for the main thread's `end`,
 * and returns (COMMIT) or throws (ROLLBACK).
 * @returns {Promise<Transaction>}
 */
function begin(/** @type {number} */ id) {
  return new Promise((began, failed) => {
    /** @type {OpenTransaction} */
    const open = /** @type {OpenTransaction} */ ({});
    open.settled = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          Object.assign(open, {
            tx,
            commit: () => commit(undefined),
            rollback: () => rollback(new Rollback()),
            began: clock(),
          });
          transactions.set(id, open);
          began(tx);
        }),
    );
    open.settled.then(
      () => transactions.delete(id),
      (/** @type {unknown} */ error) => {
        // BEGIN itself failed (the database is closed): nothing was opened, and the statement fails.
        if (!transactions.delete(id)) failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Lets the transaction's callback return or throw, and answers once PGlite has committed or rolled back. A
 * transaction that sent no statement was never begun: there is nothing to end.
 */
async function end(/** @type {number} */ id, /** @type {boolean} */ commit) {
  const open = transactions.get(id);
  if (!open) return;
  if (commit) open.commit();
  else open.rollback();
  try {
    await open.settled;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  // How long PGlite held every other statement back for it.
  return new Held(open.began, clock());
}

class Held {
  constructor(/** @type {number} */ began, /** @type {number} */ ended) {
    this.ran = /** @type {[number, number]} */ ([began, ended]);
  }
}

port.on('message', (/** @type {Request} */ request) => {
  // The main thread is asleep until this answer comes (pglite-remote.ts, `waiting`): on a port of its own, which
  // it reads without waiting for its event loop's turn.
  const answer =
    request.op === 'statement' && request.waiting && answers && answersPosted
      ? (/** @type {unknown} */ message, /** @type {import('node:worker_threads').Transferable[]} */ transfer = []) => {
          answers.port.postMessage(message, transfer);
          Atomics.add(answersPosted, 0, 1);
          Atomics.notify(answersPosted, 0);
        }
      : (/** @type {unknown} */ message, /** @type {import('node:worker_threads').Transferable[]} */ transfer = []) =>
          port.postMessage(message, transfer);
  handle(request)
    // A statement's answer is handed over, not copied.
    .then((value) =>
      value instanceof Statement
        ? answer({ id: request.id, ok: true, value: value.answer, ran: value.ran }, [
            /** @type {ArrayBuffer} */ (value.answer.buffer),
          ])
        : value instanceof Held
          ? answer({ id: request.id, ok: true, value: undefined, ran: value.ran })
          : answer({ id: request.id, ok: true, value }),
    )
    // An answer that cannot be cloned (a type PGlite parsed into something exotic) fails its call, not the thread.
    .catch((/** @type {unknown} */ error) => answer({ id: request.id, ok: false, error: plainError(error) }));
});
