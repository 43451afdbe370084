import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { driveConnections } from '../../../db/schema/index.js';
import type { CloudDrivesParts, SyncControl } from '../cloud-drives.parts.js';

/** File changes in the folder come in bursts (a copy of a series): one sync after they settle. */
export const WATCH_DEBOUNCE_MS = 2_000;
const DEFAULT_NAME = 'Library folder';

/**
 * The LIBRARY_DIR folder's connection (decision 050): one row for the instance (provider `local`, no owner),
 * made at start-up and synced then, re-synced when the folder changes; removed with its files when
 * LIBRARY_DIR is no longer set.
 */
export function createLibraryFolder(deps: Pick<CloudDrivesParts, 'db' | 'config' | 'log'> & { control: SyncControl }) {
  const { db, config, log } = deps;
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const startSync = (connectionId: string) =>
    deps.control.start(connectionId).catch((err: unknown) => {
      log.warn({ err, connectionId }, 'could not start the library folder’s sync');
    });

  async function ensureConnection(dir: string): Promise<string> {
    const accountName = path.basename(path.resolve(dir)) || DEFAULT_NAME;
    await db.insert(driveConnections).values({ userId: null, provider: 'local', accountName }).onConflictDoNothing();
    const [row] = await db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));
    if (!row) throw new Error('the library folder’s connection was neither added nor found');
    if (row.accountName !== accountName) {
      await db.update(driveConnections).set({ accountName }).where(eq(driveConnections.id, row.id));
    }
    return row.id;
  }

  function watchFolder(dir: string, connectionId: string) {
    try {
      watcher = watch(dir, { recursive: true, persistent: false }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (!closed) void startSync(connectionId);
        }, WATCH_DEBOUNCE_MS);
        timer.unref();
      });
      watcher.on('error', (err) => log.warn({ err }, 'watching the library folder failed'));
    } catch (err) {
      // Too many watches (inotify's limit) or an unsupported file system: background sync still lists it.
      log.warn({ err }, 'could not watch the library folder; it is synced on its interval');
    }
  }

  return {
    async start(): Promise<void> {
      closed = false;
      const dir = config.libraryDir;
      if (!dir) {
        await db.delete(driveConnections).where(eq(driveConnections.provider, 'local'));
        return;
      }
      const connectionId = await ensureConnection(dir);
      await startSync(connectionId);
      if (config.watchLibraryDir) watchFolder(dir, connectionId);
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
      watcher = undefined;
    },
  };
}
