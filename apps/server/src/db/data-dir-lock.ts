import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two servers on one DATA_DIR would corrupt it. The lock file holds
 * the owner's pid; a lock left by a process that died (kill -9, power loss) is taken over.
 * Returns the release function.
 */
export function lockDataDir(directory: string): () => void {
  const file = path.join(directory, 'bookshelf.lock');
  const ours = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, ours, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === ours) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Bookshelf server (pid ${owner}) is using ${directory}. Stop it, or start this one with a different DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${directory}`);
}
