// bench/startup: launches the built server (node apps/server/dist/main.js, as `npm start` does after its
// build) on PGlite and prints the time from launch to the first 200 from /api/health, on a fresh DATA_DIR
// (migrations included) and on one that already has data, then the process's resident memory when idle.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FIRST_200_BUDGET_MS = 3_000;
const IDLE_RSS_BUDGET_MB = 300;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number.parseInt(line?.split(/\s+/)[1] ?? '0', 10) / 1024;
};

async function launch(dataDir: string): Promise<{ ms: number; stop: () => Promise<void>; pid: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    // DATABASE_URL blank: this measures the embedded database even when the shell points at PostgreSQL.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (performance.now() - started > 30_000) {
      child.kill('SIGKILL');
      await exited;
      throw new Error('the server did not answer within 30 s');
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  return {
    ms,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const build = spawnSync('npx', ['tsc', '-b', 'apps/server'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-startup-'));
let over = false;
const report = (name: string, value: number, unit: string, budget: number) => {
  const ok = value <= budget;
  over ||= !ok;
  console.log(`${name}: ${value.toFixed(0)} ${unit} (budget ≤ ${budget} ${unit})${ok ? '' : '  OVER BUDGET'}`);
};
try {
  const fresh = await launch(dataDir);
  await fresh.stop();
  // Once per installation PGlite runs initdb; that is set-up, not a launch, so it is printed but not held
  // to the launch budget.
  console.log(`startup.first-200.first-install: ${fresh.ms.toFixed(0)} ms (informational: includes PGlite initdb)`);

  const again = await launch(dataDir);
  report('startup.first-200', again.ms, 'ms', FIRST_200_BUDGET_MS);
  await new Promise((r) => setTimeout(r, 2_000));
  report('startup.idle-rss', rssMb(again.pid), 'MB', IDLE_RSS_BUDGET_MB);
  await again.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
