// The server side of bench/platform/sse.ts, in a process of its own so that its memory is measured alone:
// `app` is the real app (PGlite in memory, or BENCH_SSE_DATABASE_URL) with USERS users holding an API token
// each; `bare` is a plain node:http SSE server, the floor any SSE server costs. The parent drives it over IPC.
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from '@bookshelf/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { apiTokens, users } from '../../apps/server/src/db/schema/index.js';
import { hashSecret } from '../../apps/server/src/platform/secrets.js';

export type ServerMessage = { ready: true; port: number; tokens: string[] } | { rss: number } | { published: number };
export type ParentMessage = { publish: number; users: number } | { measure: true };

const mode = process.argv[2] === 'bare' ? 'bare' : 'app';
const USERS = Number(process.argv[3] ?? 100);
const send = (message: ServerMessage) => process.send?.(message);

/** The event of one round: a job's progress, as the jobs runner will publish it. */
export const roundJob = (round: number): Job => ({
  id: `round-${round}`,
  kind: 'bench',
  state: 'running',
  progress: { current: round, total: null, phase: 'Benchmarking' },
  result: null,
  error: null,
  attempts: 1,
  createdAt: new Date().toISOString(),
  startedAt: null,
  finishedAt: null,
});

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const measure = () => {
  gc();
  gc();
  send({ rss: process.memoryUsage().rss });
};

async function app() {
  const url = process.env.BENCH_SSE_DATABASE_URL;
  const database = openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite' });
  await database.migrate();
  const server = await buildApp({ database });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const stamp = randomBytes(4).toString('hex');
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ name: `SSE ${i}`, email: `sse-${stamp}-${i}@example.org` })))
    .returning({ id: users.id });
  const tokens = rows.map(() => `bks_${randomBytes(32).toString('base64url')}`);
  await database.db
    .insert(apiTokens)
    .values(
      rows.map((row, i) => ({ userId: row.id, name: 'bench', tokenHash: hashSecret(tokens[i]!), prefix: 'bks_' })),
    );
  process.on('message', (message: ParentMessage) => {
    if ('measure' in message) return measure();
    const job = roundJob(message.publish);
    void Promise.all(rows.map((row) => server.live.publish(row.id, { type: 'job.updated', job }))).then(() =>
      send({ published: message.publish }),
    );
  });
  send({ ready: true, port: (server.server.address() as AddressInfo).port, tokens });
}

function bare() {
  const streams = new Set<ServerResponse>();
  let id = 0;
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(':\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  });
  server.listen(0, '127.0.0.1', () => {
    process.on('message', (message: ParentMessage) => {
      if ('measure' in message) return measure();
      const data = JSON.stringify({ type: 'job.updated', job: roundJob(message.publish) });
      for (const res of streams) res.write(`id: ${++id}\nevent: job.updated\ndata: ${data}\n\n`);
      send({ published: message.publish });
    });
    send({
      ready: true,
      port: (server.address() as AddressInfo).port,
      tokens: Array.from({ length: USERS }, () => ''),
    });
  });
}

if (mode === 'bare') bare();
else void app();
