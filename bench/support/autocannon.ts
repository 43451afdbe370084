import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface AutocannonOptions {
  url: string;
  /** Open connections, each with one request in flight (50). */
  connections?: number;
  /** How long to fire requests (10 s). */
  durationSeconds?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A request without an answer in this time counts as a timeout (10 s, autocannon's default). */
  timeoutSeconds?: number;
}

export interface AutocannonResult {
  requestsPerSec: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Runs autocannon in a process of its own, so the load generator never shares an event loop with a
 * server measured in this one (a bare baseline from bench/support/bare-server.ts, say).
 */
export async function runAutocannon(opts: AutocannonOptions): Promise<AutocannonResult> {
  const args = [
    cli,
    '--json',
    '-c',
    String(opts.connections ?? 50),
    '-d',
    String(opts.durationSeconds ?? 10),
    '-t',
    String(opts.timeoutSeconds ?? 10),
  ];
  if (opts.method) args.push('-m', opts.method);
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (opts.body !== undefined) args.push('-b', opts.body);
  args.push(opts.url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err}`);
  const result = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
