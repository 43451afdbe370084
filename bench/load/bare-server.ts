import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the app answered once, replayed byte for byte by the bare server. */
export interface CannedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Fetches `url` from the app and keeps what a bare server needs to send the very same answer. */
export async function capture(url: string, headers: Record<string, string> = {}): Promise<CannedAnswer> {
  // autocannon asks for no encoding, so neither does the capture (fetch would otherwise ask for gzip and
  // hand over the body decompressed, under a Content-Encoding that no longer matches it).
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const kept: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) kept[name] = value;
  });
  // fetch would hand over set-cookie joined; the endpoints measured here do not set cookies.
  return { status: res.status, headers: kept, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Starts node:http in a child process on `port`, answering each key (a path, or "path etag" for a request
 * with that If-None-Match) with its canned answer. Resolves to the function that stops it.
 */
export async function startBareServer(port: number, answers: Map<string, CannedAnswer>): Promise<() => Promise<void>> {
  const child = fork(fileURLToPath(new URL('./bare-server-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  child.send({
    port,
    answers: Object.fromEntries(
      [...answers].map(([key, a]) => [key, { status: a.status, headers: a.headers, body: a.body.toString('base64') }]),
    ),
  });
  await listening;
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}
