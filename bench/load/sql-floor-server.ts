import { fork } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, medianRun, type LoadRun } from '../support/autocannon.js';
import type { BareServer, CannedAnswer } from '../support/bare-server.js';
import type { SqlFloorReady, SqlFloorSetup } from './sql-floor-child.js';

export interface SqlFloorServer extends BareServer {
  /** The statements each answer runs, in their batches (a batch is sent at once). */
  statements: SqlFloorReady['statements'];
}

/**
 * The floor beside the app's full answer of `path` (./sql-floor-child.ts): a bare node:http server, in a
 * process of its own, that runs the SQL the app runs for that request through the same driver over the same
 * data and sends JSON.stringify of the rows, with the headers of the app's answer `like`.
 */
export async function startSqlFloorServer(options: {
  port: number;
  path: string;
  requestHeaders: Record<string, string>;
  like: CannedAnswer;
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}): Promise<SqlFloorServer> {
  const child = fork(fileURLToPath(new URL('./sql-floor-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    // The app's own settings (NODE_ENV=production: its fast serializer, no checks) and no log lines.
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise<SqlFloorReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SqlFloorReady));
    child.once('exit', (code) => reject(new Error(`the SQL floor server exited with ${code}`)));
  });
  const setup: SqlFloorSetup = {
    port: options.port,
    path: options.path,
    requestHeaders: options.requestHeaders,
    headers: options.like.headers,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir! }),
  };
  child.send(setup);
  const { port, statements } = await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    statements,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A copy of a stopped app's DATA_DIR (PGlite's files with it), for the floor to open beside the app. */
export function copyDataDir(dataDir: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-load-floor-'));
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

/**
 * The app's throughput as a share of the floor's: the median of each app run's req/s over the floor run of its
 * pair (decision 039), beside `goal`; and both servers' CPU per answer, which does not depend on the client.
 */
export function floorLine(
  name: string,
  appRuns: LoadRun[],
  floorRuns: LoadRun[],
  goal: number,
  floor: SqlFloorServer,
): { ok: boolean; text: string } {
  const ratio = median(appRuns.map((run, i) => run.rps / floorRuns[i]!.rps));
  const cpu = median(appRuns.map((run, i) => floorRuns[i]!.serverCpuUs! / run.serverCpuUs!));
  const a = medianRun(appRuns);
  const f = medianRun(floorRuns);
  const failed = f.errors + f.timeouts + f.unexpected > 0;
  const ok = ratio >= goal && !failed;
  const us = (r: LoadRun) => `${Math.round(r.serverCpuUs ?? NaN)} µs`;
  // Each round trip's statements by the table they read, e.g. "[book_facet_counts + books]".
  const tables = (b: number) =>
    floor.statements
      .filter((s) => s.batch === b)
      .map((s) => /\bfrom\s+"?(\w+)"?/i.exec(s.text)?.[1] ?? s.text.slice(0, 20))
      .join(' + ');
  const batches = [...new Set(floor.statements.map((s) => s.batch))].map(tables);
  return {
    ok,
    text:
      `${name}: app ${Math.round(a.rps)} req/s | SQL floor ${Math.round(f.rps)} req/s, p99 ${f.p99} ms ` +
      `(node:http, the app's ${floor.statements.length} statements in ${batches.length} round trip(s) ` +
      `[${batches.join('] then [')}], JSON.stringify of the rows) | app/floor ${(ratio * 100).toFixed(1)}% ` +
      `(goal ≥ ${goal * 100}%) | CPU per answer: app ${us(a)}, floor ${us(f)}, floor/app ${(cpu * 100).toFixed(1)}%` +
      `${failed ? ` | floor failures ${f.errors + f.timeouts + f.unexpected}` : ''}${ok ? '' : '  OVER BUDGET'}`,
  };
}
