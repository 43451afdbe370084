// The app as `npm start` runs it, for the benches that measure it from outside: the production build, then
// the bundled server (node, with the flags of the start script, apps/server/dist/main.js) in a process of its own, on
// 127.0.0.1 with LOG_LEVEL=warn, a DATA_DIR of its own and PGlite unless given a PostgreSQL URL.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm start` does before it runs the server: the production build (skipped when up to date). */
export function buildApp(cwd = repo): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd, stdio: 'inherit' });
}

const startScript = (cwd: string): string => {
  const { scripts } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return scripts.start ?? '';
};

/** The node flags `npm start` gives the server (package.json's start script), so a bench runs what a user runs. */
export function startScriptNodeFlags(cwd = repo): string[] {
  const match = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(startScript(cwd));
  if (!match) throw new Error('package.json: the start script does not run node apps/server/dist/main.js');
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}

/** The environment the start script's `env NAME=value … node` sets for the server (glibc's malloc tuning). */
export function startScriptEnv(cwd = repo): Record<string, string> {
  const match = /\benv((?:\s+[A-Z_][A-Z0-9_]*=\S+)+)\s+node\b/.exec(startScript(cwd));
  if (!match) return {};
  return Object.fromEntries(
    match[1]!
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
}

export interface BuiltAppOptions {
  /** Any free one by default. */
  port?: number;
  /**
   * `npm start` itself (the build, then the server), in a process group of its own so that stop() reaches
   * the server npm runs. Otherwise the built server alone: call buildApp() first.
   */
  npmStart?: boolean;
  /** The checkout to run (this one by default). */
  cwd?: string;
  /** Kept when given; by default a new temporary folder, removed by stop(). */
  dataDir?: string;
  /** PostgreSQL. Blank by default: the embedded database, even when the shell points at PostgreSQL. */
  databaseUrl?: string;
  /** Node flags for the server besides those of the start script (not with npmStart). */
  nodeArgs?: string[];
  /** More environment for the server. */
  env?: Record<string, string>;
  /** How long the app may take to answer /api/health with 200 (180 s). */
  timeoutMs?: number;
  /** How often /api/health is asked meanwhile (50 ms). */
  pollMs?: number;
}

export interface BuiltApp {
  url: string;
  /** The server's process, or npm's with npmStart. */
  pid: number;
  /** From spawning the process to the first 200 from /api/health. */
  startMs: number;
  /** SIGTERM, then waits for the exit and removes the temporary DATA_DIR. */
  stop(): Promise<void>;
}

/** Starts the app and resolves once /api/health answers 200. */
export async function startBuiltApp(options: BuiltAppOptions = {}): Promise<BuiltApp> {
  const { npmStart = false, cwd = repo, timeoutMs = 180_000, pollMs = 50 } = options;
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-app-'));
  const [command, args] = npmStart
    ? ['npm', ['start']]
    : [process.execPath, [...startScriptNodeFlags(cwd), ...(options.nodeArgs ?? []), 'apps/server/dist/main.js']];
  const what = npmStart ? 'npm start' : 'the app';
  const url = `http://127.0.0.1:${port}`;

  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    detached: npmStart,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      ...(npmStart ? {} : startScriptEnv(cwd)),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(npmStart ? -child.pid! : child.pid!, name);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    signal('SIGTERM');
    await exited;
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode} before answering /api/health`);
    }
    if (performance.now() - started > timeoutMs) {
      signal('SIGKILL');
      await stop();
      throw new Error(`${what} did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  return { url, pid: child.pid!, startMs: performance.now() - started, stop };
}
