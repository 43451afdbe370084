import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../test/database.js';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
let target: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testDatabaseKind === 'postgres') {
    const database = await createTestDatabase();
    target = { DATABASE_URL: database.url! };
    cleanup = () => database.close();
  } else {
    // PGlite lives in one process at a time: the workers open the directory, the test never does.
    const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-crash-'));
    target = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => cleanup());

/** Starts a worker and resolves the first line of its output that matches. */
function worker(env: Record<string, string>, pattern: RegExp) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/test/crash-worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...target, LEASE_MS: '1000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (l) => pattern.test(l) && resolve(l));
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, line, exited };
}

it('a job whose process is killed mid-job is taken over after its lease and finishes once in effect', async () => {
  const first = worker({ JOB_MS: '60000' }, /^started /);
  await first.line;
  first.child.kill('SIGKILL');
  await first.exited;

  const second = worker({ JOB_MS: '100' }, /^finished /);
  // effects, state, attempts: the killed attempt counted, the second one did the work, once.
  expect(await second.line).toBe('finished 1 succeeded 2');
  await second.exited;
}, 60_000);
