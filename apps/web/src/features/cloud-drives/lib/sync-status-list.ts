import type { SyncStatus } from '@bookshelf/contract';

/**
 * The status list with one connection's new status in it (a live `cloud-drives.sync` event): replaced in place,
 * or added at the end for a connection the list did not have yet (a drive just connected).
 */
export function withSyncStatus(list: readonly SyncStatus[] | undefined, status: SyncStatus): SyncStatus[] | undefined {
  if (list === undefined) return undefined;
  const at = list.findIndex((s) => s.connectionId === status.connectionId);
  return at === -1 ? [...list, status] : list.map((s, i) => (i === at ? status : s));
}

export const isSyncing = (list: readonly SyncStatus[] | undefined): boolean =>
  list?.some((s) => s.status === 'syncing') ?? false;
