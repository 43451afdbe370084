import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK_NAME = 'bookshelf.lock';

function isLiveNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // In a restarted container the old pid may now be some other program; only a node process can hold it.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

const readOwner = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * PGlite is a single-process database: two servers on one DATA_DIR would corrupt it. The lock file holds
 * the owner's pid and is created atomically with its content (write a private file, then hard-link it into
 * place), so a racing server never sees an empty lock. A lock left by a process that died is taken over.
 * Returns the release function.
 */
export function lockDataDir(directory: string): () => void {
  const lock = path.join(directory, LOCK_NAME);
  const ours = String(process.pid);
  const mine = path.join(directory, `${LOCK_NAME}.${ours}`);
  writeFileSync(mine, ours);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(mine, lock);
        return () => {
          if (readOwner(lock) === ours) rmSync(lock, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(lock);
      if (owner === undefined) continue; // released between our two steps: try again
      const pid = Number.parseInt(owner, 10);
      if (pid !== process.pid && Number.isInteger(pid) && isLiveNodeProcess(pid)) {
        throw new DataDirLockedError(
          `Another Bookshelf server (pid ${pid}) is using ${directory}. Stop it, or start this one with a different DATA_DIR.`,
        );
      }
      // Stale. Move it aside atomically; if what we moved is not the stale lock we read, a racing server
      // took the directory in between, so give its lock back and step aside.
      const aside = path.join(directory, `${LOCK_NAME}.stale.${ours}`);
      try {
        renameSync(lock, aside);
      } catch {
        continue;
      }
      const moved = readOwner(aside);
      if (moved !== owner) {
        try {
          linkSync(aside, lock);
        } catch {
          // someone else holds it now; either way it is not ours
        }
        rmSync(aside, { force: true });
        throw new DataDirLockedError(`Another Bookshelf server is starting on ${directory}.`);
      }
      rmSync(aside, { force: true });
    }
    throw new DataDirLockedError(`Could not lock ${directory}; another server may be starting on it.`);
  } finally {
    rmSync(mine, { force: true });
  }
}
