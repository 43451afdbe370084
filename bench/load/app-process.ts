import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startBuiltApp } from '../support/built-app.js';

export interface AppProcess {
  url: string;
  pid: number;
  /** The main thread's event-loop delay since the previous call (or the start), in ms. */
  loopDelay(): Promise<{ p50: number; p99: number; max: number }>;
  stop(): Promise<void>;
}

/**
 * The built app as `npm start` runs it (../support/built-app.ts), on PGlite or on the PostgreSQL database at
 * `databaseUrl`, with ./loop-delay.mjs preloaded. BENCH_LOAD_NODE_ARGS adds node flags
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function startApp({
  port,
  databaseUrl,
  dataDir,
}: {
  port: number;
  databaseUrl?: string;
  /** Kept after stop() (a temporary one of its own by default). */
  dataDir?: string;
}): Promise<AppProcess> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-load-'));
  const delayFile = path.join(scratch, 'loop-delay.json');
  const extra = (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const app = await startBuiltApp({
    port,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir } : {}),
    nodeArgs: ['--import', fileURLToPath(new URL('./loop-delay.mjs', import.meta.url)), ...extra],
    env: { BENCH_LOOP_DELAY_FILE: delayFile },
  }).catch((error: unknown) => {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  });
  const { url, pid } = app;
  return {
    url,
    pid,
    stop: async () => {
      await app.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
    loopDelay: async () => {
      rmSync(delayFile, { force: true });
      try {
        process.kill(pid, 'SIGUSR2');
      } catch {
        // the app is gone: no figures
      }
      for (let i = 0; i < 500 && !existsSync(delayFile); i += 1) await sleep(20);
      try {
        return JSON.parse(readFileSync(delayFile, 'utf8')) as { p50: number; p99: number; max: number };
      } catch {
        return { p50: NaN, p99: NaN, max: NaN };
      }
    },
  };
}
