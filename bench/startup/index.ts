// bench/startup: how long a person waits. First `npm start` on a freshly installed clone (a copy of this
// checkout's files with its installed node_modules and nothing built), from the command to the first 200
// from /api/health on a new DATA_DIR: the builds, PGlite's initdb and the migrations. Then a second
// `npm start` (nothing to rebuild), then the built server alone (node apps/server/dist/main.js) on a new
// DATA_DIR and on one with data, and its resident memory: on the brand-new DATA_DIR (the most it held, and
// what it still holds a while after its first 200), idle, and after mixed use. All on PGlite.
//
// BENCH_STARTUP_MIXED_SECONDS (90) and BENCH_STARTUP_SETTLE_SECONDS (30) set the mixed run and how long the
// server is left alone before a figure is read.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltApp } from '../support/built-app.js';
import { peakRssMb, rssMb } from './memory.js';
import { steadyState } from './steady-state.js';

const FIRST_START_BUDGET_MS = 20_000;
const SECOND_START_BUDGET_MS = 5_000;
const FIRST_200_BUDGET_MS = 3_000;
// DESIGN.md's one memory budget, for every state the server is in: first start, idle and after use.
const RSS_BUDGET_MB = 300;
const SETTLE_SECONDS = Number(process.env.BENCH_STARTUP_SETTLE_SECONDS ?? 30);
// Long enough for the library's pages, searches and PGlite's maintenance rounds (every 10 s) to have all run
// many times, so what the mixed use grows has grown; bench/load's mixed loop at 20 clients.
const MIXED_SECONDS = Number(process.env.BENCH_STARTUP_MIXED_SECONDS ?? 90);
const MIXED_CONNECTIONS = 20;
const MIXED_BOOKS = 200;

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A clone as `git clone` + `npm ci` leaves it: the files git tracks (and new ones it does not ignore, so
 * uncommitted work is measured too), and this checkout's node_modules as hard links (the install itself
 * is not what is measured), without the caches a build leaves there.
 */
function freshClone(): string {
  const clone = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-clone-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo })
    .toString()
    .split('\0')
    .filter((f) => f && existsSync(path.join(repo, f)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    copyFileSync(path.join(repo, file), path.join(clone, file));
  }
  const { workspaces } = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const folder of ['.', ...workspaces]) {
    const modules = path.join(repo, folder, 'node_modules');
    if (existsSync(modules)) execFileSync('cp', ['-al', modules, path.join(clone, folder, 'node_modules')]);
  }
  for (const cache of ['.tmp', '.cache', '.vite'])
    rmSync(path.join(clone, 'node_modules', cache), { recursive: true, force: true });
  return clone;
}

/** BENCH_STARTUP_PORT: one port for every launch (each is stopped before the next); a free one each without. */
const port = Number(process.env.BENCH_STARTUP_PORT) || undefined;

/**
 * `npm start`, or the built server alone, in the clone with this DATA_DIR (kept between launches), timed
 * from spawning the process to the first 200 from /api/health (asked every 10 ms).
 */
const launch = (npmStart: boolean, clone: string, dataDir: string) =>
  startBuiltApp({ ...(port ? { port } : {}), npmStart, cwd: clone, dataDir, timeoutMs: 120_000, pollMs: 10 });

let over = false;
const report = (name: string, value: number, unit: string, budget: number) => {
  const ok = value <= budget;
  over ||= !ok;
  console.log(`${name}: ${value.toFixed(0)} ${unit} (budget ≤ ${budget} ${unit})${ok ? '' : '  OVER BUDGET'}`);
};

const clone = freshClone();
const scratch = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-startup-'));
try {
  const npmData = path.join(scratch, 'npm-start');
  const first = await launch(true, clone, npmData);
  await first.stop();
  report('startup.npm-start.fresh-clone', first.startMs, 'ms', FIRST_START_BUDGET_MS);
  const second = await launch(true, clone, npmData);
  await second.stop();
  report('startup.npm-start.again', second.startMs, 'ms', SECOND_START_BUDGET_MS);

  const serverData = path.join(scratch, 'server');
  const fresh = await launch(false, clone, serverData);
  const firstRss = rssMb(fresh.pid);
  await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
  const freshPeak = peakRssMb(fresh.pid);
  const freshLater = rssMb(fresh.pid);
  await fresh.stop();
  // Once per installation PGlite creates its database; that is set-up, not a launch, so its time is printed
  // but not held to the launch budget. Its memory is: a server that needs more once must have it.
  console.log(
    `startup.first-200.first-install: ${fresh.startMs.toFixed(0)} ms (informational: includes creating PGlite's database)`,
  );
  report('startup.first-install.peak-rss', freshPeak, 'MB', RSS_BUDGET_MB);
  report(`startup.first-install.rss-after-${SETTLE_SECONDS}s`, freshLater, 'MB', RSS_BUDGET_MB);
  console.log(`startup.first-install.rss-at-first-200: ${firstRss.toFixed(0)} MB (informational)`);

  const again = await launch(false, clone, serverData);
  report('startup.first-200', again.startMs, 'ms', FIRST_200_BUDGET_MS);
  await new Promise((r) => setTimeout(r, 2_000));
  report('startup.idle-rss', rssMb(again.pid), 'MB', RSS_BUDGET_MB);
  const mixed = await steadyState(again.url, again.pid, {
    books: MIXED_BOOKS,
    connections: MIXED_CONNECTIONS,
    seconds: MIXED_SECONDS,
    settleSeconds: SETTLE_SECONDS,
  });
  await again.stop();
  const what = `${MIXED_CONNECTIONS} clients × ${MIXED_SECONDS} s of bench/load's mixed use, ${mixed.requests} requests, ${mixed.errors} failed`;
  report('startup.steady-state.peak-rss', mixed.peakMb, 'MB', RSS_BUDGET_MB);
  report(`startup.steady-state.rss-${SETTLE_SECONDS}s-after`, mixed.settledMb, 'MB', RSS_BUDGET_MB);
  console.log(`startup.steady-state: ${what}`);
  if (mixed.errors > 0) over = true;
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(clone, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
