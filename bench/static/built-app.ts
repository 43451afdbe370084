import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuiltApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * The app as `npm start` runs it: the build script (which skips an up-to-date build), then the bundled
 * server in production mode on PGlite in a fresh DATA_DIR, in a process of its own.
 */
export async function startBuiltApp(repo: string, port: number): Promise<BuiltApp> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repo, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-static-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Blank: this measures the embedded database even when the shell points at PostgreSQL.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 180_000) {
      await stop();
      throw new Error('the app did not answer /api/health within 180 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
