// The honest floor of a full answer, in a process of its own like the app: node:http answering one path by
// running the very statements the app runs for it, through the same driver the app uses (postgres.js with
// the app's pool size, or PGlite in its worker thread as the app opens it), over the same data, and sending
// JSON.stringify of the rows with the headers the app sent. No framework, no mapping, no schema: what any
// server answering this request from this database would have to do at least.
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { batchesOf, driverOf, type Statement } from '../support/sql-floor.js';

/** What ./sql-floor-server.ts sends. */
export interface SqlFloorSetup {
  port: number;
  /** PostgreSQL; without it PGlite in `dataDir` (a copy of the app's, which holds its own). */
  databaseUrl?: string;
  dataDir?: string;
  path: string;
  /** The request's own headers (the session cookie). */
  requestHeaders: Record<string, string>;
  /** The headers the app answered with, sent again beside the floor's body. */
  headers: OutgoingHttpHeaders;
}

/** What the child tells its parent once listening. */
export interface SqlFloorReady {
  port: number;
  /** The statements one answer runs, as the app sent them on its second (warm) request. */
  statements: { text: string; batch: number }[];
}

/** Queries of the app's background work (its job queue, outbox, live events), not of the request. */
const BACKGROUND = /\b(from|into|update)\s+"?(jobs|outbox|domain_events|event_log|notifications_queue)"?/i;

process.once('message', (setup: SqlFloorSetup) => {
  void main(setup).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});

async function main(setup: SqlFloorSetup) {
  const database = setup.databaseUrl
    ? openDatabase({ kind: 'postgres', url: setup.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: setup.dataDir! });
  const { run, capturing } = driverOf(database);

  // The statements: a second app over the same client, its Drizzle logging, answers the request until two
  // answers run the same statements: those a warm app runs for every request (its session cached, touched).
  const log: Statement[] = [];
  const probe = await buildApp({ database: capturing(log) });
  let statements: Statement[] = [];
  const texts = (list: Statement[]) => list.map((s) => s.text).join('\n');
  for (let i = 0, previous = ''; i < 8; i += 1) {
    log.length = 0;
    const res = await probe.inject({ method: 'GET', url: setup.path, headers: setup.requestHeaders });
    if (res.statusCode !== 200) throw new Error(`${setup.path} answered ${res.statusCode}: ${res.body}`);
    // A session touch is written after the answer: its statements are waited for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    statements = log.filter((s) => !BACKGROUND.test(s.text) && /^\s*select\b/i.test(s.text));
    if (texts(statements) === previous) break;
    previous = texts(statements);
  }
  await probe.close();
  if (statements.length === 0) throw new Error(`${setup.path} ran no SQL`);
  const batches = batchesOf(statements);

  const headers = { ...setup.headers };
  delete headers['content-length'];
  delete headers['content-encoding'];
  const server = createServer((req, res) => {
    if (req.url !== setup.path) {
      res.writeHead(404).end();
      return;
    }
    void (async () => {
      const rows: unknown[] = [];
      for (const batch of batches) for (const result of await Promise.all(batch.map(run))) rows.push(rowsOf(result));
      const body = JSON.stringify(rows.length === 1 ? rows[0] : rows);
      res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })().catch((error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(setup.port, '127.0.0.1', () => {
    const ready: SqlFloorReady = {
      port: (server.address() as AddressInfo).port,
      statements: statements.map((s) => ({ text: s.text, batch: s.batch })),
    };
    process.send!(ready);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void database.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}
