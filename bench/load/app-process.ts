import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm start` does before it runs the server: the production build (skipped when up to date). */
export function buildApp(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repo, stdio: 'inherit' });
}

export interface AppProcess {
  url: string;
  /** The main thread's event-loop delay since the previous call (or the start), in ms. */
  loopDelay(): Promise<{ p50: number; p99: number; max: number }>;
  stop(): Promise<void>;
}

/**
 * The built server as `npm start` runs it (node apps/server/dist/main.js), in its own process with its own
 * DATA_DIR, on PGlite or on the PostgreSQL database at `databaseUrl`. BENCH_LOAD_NODE_ARGS adds node flags
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function startApp({ port, databaseUrl }: { port: number; databaseUrl?: string }): Promise<AppProcess> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-load-'));
  const delayFile = path.join(scratch, 'loop-delay.json');
  const extra = (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      fileURLToPath(new URL('./loop-delay.mjs', import.meta.url)),
      ...extra,
      'apps/server/dist/main.js',
    ],
    {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        DATABASE_URL: databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        BENCH_LOOP_DELAY_FILE: delayFile,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(scratch, { recursive: true, force: true });
  };
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before answering`);
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error('the app did not answer /api/health within 60 s');
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(50);
  }
  return {
    url,
    stop,
    loopDelay: async () => {
      rmSync(delayFile, { force: true });
      child.kill('SIGUSR2');
      for (let i = 0; i < 500 && !existsSync(delayFile); i += 1) await sleep(20);
      try {
        return JSON.parse(readFileSync(delayFile, 'utf8')) as { p50: number; p99: number; max: number };
      } catch {
        return { p50: NaN, p99: NaN, max: NaN };
      }
    },
  };
}
