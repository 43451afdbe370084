// bench/platform SSE fan-out: 1,000 real sockets on GET /api/events (100 users × 10 tabs, the per-user
// limit) against the app in a child process, beside a bare node:http SSE server holding the same 1,000.
// Prints the server's extra resident memory for the 1,000 streams (budget ≤ 150 MB) and the latency from
// publishing one job.updated event per user to its arrival on all 1,000 sockets, p50/p95. PGlite in memory
// by default; BENCH_SSE_DATABASE_URL=postgres://… runs the app on that (existing) PostgreSQL database.
import { fork, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { FROM_SOURCE } from '../support/from-source.js';
import type { ParentMessage, ServerMessage } from './sse-server.js';

const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 1_000);
const PER_USER = 10;
const ROUNDS = Number(process.env.BENCH_SSE_ROUNDS ?? 30);
const MEMORY_BUDGET_MB = 150;
const SERVER = fileURLToPath(new URL('./sse-server.ts', import.meta.url));
const DATABASE = process.env.BENCH_SSE_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Result {
  extraMb: number;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

function startServer(mode: 'app' | 'bare', users: number) {
  const child = fork(SERVER, [mode, String(users)], {
    execArgv: [...FROM_SOURCE, '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = <T extends ServerMessage>(is: (m: ServerMessage) => m is T) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (!is(message)) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code})`)));
    });
  const ask = (message: ParentMessage) => child.send(message);
  return { child, next, ask };
}

const isReady = (m: ServerMessage): m is Extract<ServerMessage, { ready: true }> => 'ready' in m;
const isRss = (m: ServerMessage): m is Extract<ServerMessage, { rss: number }> => 'rss' in m;

/** Opens one SSE connection and resolves once its headers (and the opening comment) have arrived. */
function openStream(port: number, token: string, onData: (socket: Socket, text: string) => void) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.once('error', reject);
    const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${auth}\r\n`);
    let opened = false;
    socket.on('data', (text: string) => {
      if (!opened) {
        if (!text.startsWith('HTTP/1.1 200')) reject(new Error(`stream refused: ${text.split('\r\n')[0]}`));
        opened = true;
        resolve(socket);
      }
      onData(socket, text);
    });
  });
}

async function measure(mode: 'app' | 'bare'): Promise<Result> {
  const users = CONNECTIONS / PER_USER;
  const server = startServer(mode, users);
  try {
    const ready = await server.next(isReady);
    server.ask({ measure: true });
    const before = (await server.next(isRss)).rss;

    let round = -1;
    let started = 0;
    let waiting = new Set<Socket>();
    const samples: number[] = [];
    let roundDone: () => void = () => undefined;
    const onData = (socket: Socket, text: string) => {
      if (round < 0 || !waiting.has(socket) || !text.includes(`"round-${round}"`)) return;
      waiting.delete(socket);
      samples.push(performance.now() - started);
      if (waiting.size === 0) roundDone();
    };
    const sockets: Socket[] = [];
    for (let i = 0; i < CONNECTIONS; i += 100) {
      const batch = Array.from({ length: Math.min(100, CONNECTIONS - i) }, (_, j) =>
        openStream(ready.port, ready.tokens[Math.floor((i + j) / PER_USER)]!, onData),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.ask({ measure: true });
    const after = (await server.next(isRss)).rss;

    for (let r = 0; r < ROUNDS; r += 1) {
      waiting = new Set(sockets);
      const done = new Promise<void>((resolve) => (roundDone = resolve));
      round = r;
      started = performance.now();
      server.ask({ publish: r, users });
      await Promise.race([
        done,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`round ${r}: ${waiting.size} never arrived`)), 10_000),
        ),
      ]);
    }
    sockets.forEach((s) => s.destroy());
    const sorted = samples.sort((a, b) => a - b);
    return { extraMb: (after - before) / 1024 / 1024, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  } finally {
    stop(server.child);
  }
}

function stop(child: ChildProcess) {
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Runs the SSE fan-out bench; resolves to false when over budget. */
export async function benchSseFanOut(say: (line: string) => void = console.log): Promise<boolean> {
  const bare = await measure('bare');
  const app = await measure('app');
  const f = (n: number) => n.toFixed(1);
  say(
    `sse baseline (bare node:http, ${CONNECTIONS} streams): +${f(bare.extraMb)} MB RSS, delivery p50 ${f(bare.p50)} ms, p95 ${f(bare.p95)} ms`,
  );
  say(
    `sse ${CONNECTIONS} connections (${DATABASE}), server extra RSS: ${f(app.extraMb)} MB (budget ≤ ${MEMORY_BUDGET_MB} MB)`,
  );
  say(
    `sse delivery to all ${CONNECTIONS}, ${CONNECTIONS / PER_USER} events per round: p50 ${f(app.p50)} ms, p95 ${f(app.p95)} ms`,
  );
  return app.extraMb <= MEMORY_BUDGET_MB;
}
