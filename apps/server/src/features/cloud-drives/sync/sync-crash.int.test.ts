import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../../test/database.js';

const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
let target: Record<string, string>;
let library: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  library = mkdtempSync(path.join(tmpdir(), 'bookshelf-sync-crash-lib-'));
  for (let i = 0; i < 500; i += 1) {
    const folder = path.join(library, `Shelf ${i % 9}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `book-${String(i).padStart(3, '0')}.pdf`), `%PDF book ${i}`);
  }
  if (testDatabaseKind === 'postgres') {
    const database = await createTestDatabase();
    target = { DATABASE_URL: database.url! };
    cleanup = () => database.close();
  } else {
    // PGlite lives in one process at a time: the workers open the directory, the test never does.
    const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-sync-crash-'));
    target = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanup();
  rmSync(library, { recursive: true, force: true });
});

/** Starts a worker and resolves the first line of its output that matches. */
function worker(env: Record<string, string>, pattern: RegExp) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/features/cloud-drives/sync/sync-crash-worker.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, ...target, LIBRARY_DIR: library, LEASE_MS: '1000', BATCH_SIZE: '10', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (l) => pattern.test(l) && resolve(l));
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, line, exited };
}

it('a sync of 500 files whose process is killed mid-way finishes on the next run with no duplicate or lost file', async () => {
  // Pages of 100 answered slowly: killed after its second page is committed, well before its fifth.
  const first = worker({ PAGE_MS: '1500' }, /^page 2$/);
  await first.line;
  first.child.kill('SIGKILL');
  await first.exited;

  const second = worker({ PAGE_MS: '0' }, /^finished /);
  // State, added, updated, removed, rows, distinct external ids, live rows, attempts (the killed one counted),
  // and the pages this run asked for: the third to the fifth, going on from the token of the second.
  expect(await second.line).toBe('finished completed 500 0 0 500 500 500 2 3 later');
  await second.exited;
}, 90_000);
