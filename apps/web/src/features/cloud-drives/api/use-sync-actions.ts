import { CloudDrivePaths, type SyncStatus } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { withSyncStatus } from '../lib/sync-status-list';
import { fillPath } from './paths';
import { cloudDriveKeys } from './query-keys';

const loadStatusSchema = () => import('./schemas').then((m) => m.SyncStatusSchema);

export interface SyncTarget {
  connectionId: string;
  accountName: string;
}

/** The answer is the connection's new status: shown at once, before a live event or the next poll. */
function useSyncMutation(template: string, success: (target: SyncTarget) => [string, string]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId }: SyncTarget) =>
      api(fillPath(template, { connectionId }), loadStatusSchema, { method: 'POST' }),
    onSuccess: (status: SyncStatus, target) => {
      queryClient.setQueryData<SyncStatus[]>(cloudDriveKeys.syncStatus(), (list) => withSyncStatus(list, status));
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.syncStatus() });
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.syncConfig(target.connectionId) });
      toast.success(...success(target));
    },
    onError: (error) => toast.error('Failed to sync files', errorMessage(error)),
  });
}

/** Sync now (a drive card): core.md §8 "Syncing files"; "Files synced" follows when it completes. */
export const useSyncNow = () =>
  useSyncMutation(CloudDrivePaths.syncStart, ({ accountName }) => ['Syncing files', `Syncing ${accountName}…`]);

/** Start again from the sync status list (its Retry too): core.md §8 "Sync started". */
export const useStartSync = () =>
  useSyncMutation(CloudDrivePaths.syncStart, ({ accountName }) => ['Sync started', `Syncing ${accountName}`]);

/** Stops a running sync and the drive's background sync: core.md §8 "Sync stopped". */
export const useStopSync = () =>
  useSyncMutation(CloudDrivePaths.syncStop, ({ accountName }) => [
    'Sync stopped',
    `${accountName} now syncs only when you ask`,
  ]);
