import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from './test/database.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcess;
  baseUrl: string;
  exit: Promise<number | null>;
}

/** Starts the real entry point (src/main.ts through tsx) and waits for its "listening" log line. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr.join('')}`)), 30_000);
    void exit.then((code) => reject(new Error(`server exited with ${String(code)}: ${stderr.join('')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, baseUrl, exit };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-main-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (testDatabaseKind === 'postgres') {
      const database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
      dropDatabase = () => database.close();
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, answers /api/health, and exits 0 on SIGTERM; then starts again on the same data', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServer(env);
      const res = await fetch(`${server.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });

      const stoppedAt = Date.now();
      server.child.kill(signal);
      expect(await server.exit).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    }
  });

  it.runIf(testDatabaseKind === 'pglite')('refuses to open a DATA_DIR that another running server uses', async () => {
    const first = await startServer(env);
    try {
      await expect(startServer(env)).rejects.toThrow(/exited with 1[\s\S]*Another Bookshelf server/);
      expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exit).toBe(0);
    }
  });

  it('refuses a bad configuration with a message and exit code 1', async () => {
    await expect(startServer({ ...env, PORT: 'eighty' })).rejects.toThrow(/exited with 1[\s\S]*PORT/);
  });
});
