import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startBuiltApp } from '../support/built-app.js';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface AppProcess {
  url: string;
  pid: number;
  /** The main thread's event-loop delay since the previous call (or the start), in ms. */
  loopDelay(): Promise<LoopDelay>;
  /** Where requests waited between `breakdown.start()` and `.stop()` (./breakdown.mjs, ./breakdown.ts). */
  breakdown: { start(): Promise<void>; stop(): Promise<{ delay: LoopDelay; breakdown: unknown }> };
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
  const breakdownFile = path.join(scratch, 'breakdown.json');
  const extra = (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const app = await startBuiltApp({
    port,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir } : {}),
    nodeArgs: [
      ...['./loop-delay.mjs', './breakdown.mjs'].flatMap((f) => [
        '--import',
        fileURLToPath(new URL(f, import.meta.url)),
      ]),
      ...extra,
    ],
    env: { BENCH_LOOP_DELAY_FILE: delayFile, BENCH_BREAKDOWN_FILE: breakdownFile },
  }).catch((error: unknown) => {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  });
  const { url, pid } = app;
  const loopDelay = async () => {
    rmSync(delayFile, { force: true });
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // the app is gone: no figures
    }
    for (let i = 0; i < 500 && !existsSync(delayFile); i += 1) await sleep(20);
    try {
      return JSON.parse(readFileSync(delayFile, 'utf8')) as LoopDelay;
    } catch {
      return { p50: NaN, p99: NaN, max: NaN };
    }
  };
  return {
    url,
    pid,
    loopDelay,
    // Both on the loop-delay signal: the breakdown starts and ends with the delay's figures.
    breakdown: {
      start: async () => {
        writeFileSync(`${breakdownFile}.on`, '');
        await loopDelay();
      },
      stop: async () => {
        rmSync(`${breakdownFile}.on`, { force: true });
        rmSync(breakdownFile, { force: true });
        const delay = await loopDelay();
        for (let i = 0; i < 500 && !existsSync(breakdownFile); i += 1) await sleep(20);
        let breakdown: unknown;
        try {
          breakdown = JSON.parse(readFileSync(breakdownFile, 'utf8'));
        } catch {
          // none written: the lines say so
        }
        return { delay, breakdown };
      },
    },
    stop: async () => {
      await app.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
