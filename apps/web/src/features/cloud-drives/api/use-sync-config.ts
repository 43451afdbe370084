import { CloudDrivePaths, type SyncConfig, type UpdateSyncConfigRequest } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { fillPath } from './paths';
import { cloudDriveKeys } from './query-keys';

const loadConfigSchema = () => import('./schemas').then((m) => m.SyncConfigSchema);

/** One drive's sync settings (core.md §3 "Sync config"). */
export const useSyncConfig = (connectionId: string, enabled = true) =>
  useQuery({
    queryKey: cloudDriveKeys.syncConfig(connectionId),
    queryFn: ({ signal }) => api(fillPath(CloudDrivePaths.syncConfig, { connectionId }), loadConfigSchema, { signal }),
    enabled,
  });

export interface SyncConfigChange {
  connectionId: string;
  accountName: string;
  change: UpdateSyncConfigRequest;
}

/** Background sync on or off, or its interval (PUT); shown at once, put back if the server refuses. */
export function useUpdateSyncConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, change }: SyncConfigChange) =>
      api(fillPath(CloudDrivePaths.syncConfig, { connectionId }), loadConfigSchema, { method: 'PUT', body: change }),
    onMutate: async ({ connectionId, change }) => {
      const key = cloudDriveKeys.syncConfig(connectionId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SyncConfig>(key);
      if (previous) queryClient.setQueryData<SyncConfig>(key, { ...previous, ...change });
      return { previous };
    },
    onSuccess: (config, { connectionId, accountName, change }) => {
      queryClient.setQueryData(cloudDriveKeys.syncConfig(connectionId), config);
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.syncStatus() });
      if (change.enabled === true) {
        toast.success('Background sync enabled', `${accountName} syncs every ${config.intervalMinutes} minutes`);
      } else if (change.enabled === false) {
        toast.success('Sync stopped', `${accountName} now syncs only when you ask`);
      }
    },
    onError: (error, { connectionId }, context) => {
      if (context?.previous) queryClient.setQueryData(cloudDriveKeys.syncConfig(connectionId), context.previous);
      toast.error('Failed to update connection', errorMessage(error));
    },
  });
}
