import { fork } from 'node:child_process';
import type { OutgoingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { BareServerSetup } from './bare-server-child.js';
import { rawGet } from './raw-get.js';

/** What the app answered once, replayed byte for byte by the bare server. */
export interface CannedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface BareServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Headers Node's server writes itself (or that describe one connection): never replayed from a capture. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of a captured answer that a bare server should send again, in a form writeHead takes. */
export function replayableHeaders(headers: Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !PER_CONNECTION.has(name)) kept[name] = value;
  return kept;
}

/**
 * GETs `url` from the app with exactly `headers` (as autocannon sends them: no Accept-Encoding unless
 * given) and keeps what a bare server needs to send the very same answer, the body still encoded.
 */
export async function capture(url: string, headers: Record<string, string> = {}): Promise<CannedAnswer> {
  const answer = await rawGet(url, headers);
  return { status: answer.status, headers: replayableHeaders(answer.headers), body: answer.body };
}

/**
 * The baseline a bench prints its app's figure beside: a plain node:http server in a process of its own
 * (like the app, and apart from the load generator), answering each key of `answers` — a path, or
 * "path etag" for a request with that If-None-Match — with its canned answer, anything else with 404.
 * Listens on 127.0.0.1 and `port` (any free one by default).
 */
export async function startBareServer(
  answers: Map<string, CannedAnswer>,
  { port = 0 }: { port?: number } = {},
): Promise<BareServer> {
  const child = fork(fileURLToPath(new URL('./bare-server-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise<number>((resolve, reject) => {
    child.once('message', (bound) => resolve(bound as number));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const setup: BareServerSetup = {
    port,
    answers: Object.fromEntries(
      [...answers].map(([key, a]) => [key, { status: a.status, headers: a.headers, body: a.body.toString('base64') }]),
    ),
  };
  child.send(setup);
  const bound = await listening;
  return {
    url: `http://127.0.0.1:${bound}`,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
