import { CloudDrivePaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isSyncing } from '../lib/sync-status-list';
import { cloudDriveKeys } from './query-keys';

const loadStatusListSchema = () => import('./schemas').then((m) => m.SyncStatusListSchema);

/** While a drive syncs, asked every second too: the library folder has no owner to receive live events. */
export const SYNC_POLL_MS = 1_000;

/** Each connection's sync status (core.md §4), kept current by `cloud-drives.sync` live events and polling. */
export const useSyncStatus = () =>
  useQuery({
    queryKey: cloudDriveKeys.syncStatus(),
    queryFn: ({ signal }) => api(CloudDrivePaths.syncStatus, loadStatusListSchema, { signal }),
    refetchInterval: (query) => (isSyncing(query.state.data) ? SYNC_POLL_MS : false),
  });
