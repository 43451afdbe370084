// bench/startup: how long a person waits. First `npm start` on a freshly installed clone (a copy of this
// checkout's files with its installed node_modules and nothing built), from the command to the first 200
// from /api/health on a new DATA_DIR: the builds, PGlite's initdb and the migrations. Then a second
// `npm start` (nothing to rebuild), then the built server alone (node apps/server/dist/main.js) on a new
// DATA_DIR and on one with data, and its resident memory when idle. All on PGlite.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltApp } from '../support/built-app.js';

const FIRST_START_BUDGET_MS = 20_000;
const SECOND_START_BUDGET_MS = 5_000;
const FIRST_200_BUDGET_MS = 3_000;
const IDLE_RSS_BUDGET_MB = 300;

const repo = fileURLToPath(new URL('../..', import.meta.url));

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number.parseInt(line?.split(/\s+/)[1] ?? '0', 10) / 1024;
};

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
  await fresh.stop();
  // Once per installation PGlite runs initdb; that is set-up, not a launch, so it is printed but not held
  // to the launch budget.
  console.log(
    `startup.first-200.first-install: ${fresh.startMs.toFixed(0)} ms (informational: includes PGlite initdb)`,
  );

  const again = await launch(false, clone, serverData);
  report('startup.first-200', again.startMs, 'ms', FIRST_200_BUDGET_MS);
  await new Promise((r) => setTimeout(r, 2_000));
  report('startup.idle-rss', rssMb(again.pid), 'MB', IDLE_RSS_BUDGET_MB);
  await again.stop();
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(clone, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
