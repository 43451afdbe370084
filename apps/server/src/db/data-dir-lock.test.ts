import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A separate node process that takes the lock, reports, and holds it for a while. */
function contender(directory: string) {
  const code = `
    import { lockDataDir } from './src/db/data-dir-lock.ts';
    try { lockDataDir(${JSON.stringify(directory)}); console.log('got'); setTimeout(() => {}, 3000); }
    catch (e) { console.log(e.name === 'DataDirLockedError' ? 'refused' : 'crashed: ' + e); }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: serverDir });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    result: new Promise<string>((resolve) => {
      const timer = setInterval(() => {
        if (out.trim()) {
          clearInterval(timer);
          resolve(out.trim());
        }
      }, 20);
    }),
  };
}

describe('lockDataDir', () => {
  it('refuses while a live owner holds it, takes over a dead owner’s lock, and frees it on release', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(path.join(dir, 'bookshelf.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    other.kill();
    await new Promise((r) => other.once('exit', r));

    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'bookshelf.lock'))).toBe(true);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a lock with garbage content as stale', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lock-'));
    writeFileSync(path.join(dir, 'bookshelf.lock'), 'not-a-pid');
    const release = lockDataDir(dir);
    release();
  });

  it('treats a lock whose pid now belongs to another program (a restarted container) as stale', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lock-'));
    const sleeper = spawn('sleep', ['30']);
    await new Promise((r) => sleeper.once('spawn', r));
    writeFileSync(path.join(dir, 'bookshelf.lock'), String(sleeper.pid));
    try {
      lockDataDir(dir)();
    } finally {
      sleeper.kill();
    }
  });

  it('lets exactly one of several servers starting at once take the directory', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lock-'));
    const contenders = Array.from({ length: 6 }, () => contender(dir));
    const results = await Promise.all(contenders.map((c) => c.result));
    contenders.forEach((c) => c.child.kill());
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(5);
  });
});
