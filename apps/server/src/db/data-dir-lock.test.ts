import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('lets one owner in, refuses a second while the first is alive, and frees the directory on release', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-lock-'));
    // Another live process holds the lock.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(path.join(dir, 'bookshelf.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}`));
    other.kill();
    await new Promise((r) => other.once('exit', r));

    // Its owner is gone now, so the stale lock is taken over.
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'bookshelf.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'bookshelf.lock'))).toBe(false);
  });
});
