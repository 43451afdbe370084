import {
  CloudDriveMessages,
  CloudDrivePaths,
  type CloudConnection,
  type CloudFile,
  type UpdateConnectionRequest,
} from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { fillPath } from './paths';
import { forgetCachedFiles } from '../lib/forget-local-files';
import { cloudDriveKeys } from './query-keys';

const loadConnectionSchema = () => import('./schemas').then((m) => m.CloudConnectionSchema);
const loadRemoveSchema = () => import('./schemas').then((m) => m.RemoveConnectionResultSchema);

type Connection = Pick<CloudConnection, 'id' | 'accountName'>;

/** Puts the server's answer for one connection into the list, so the card changes without a refetch. */
function useReplaceConnection() {
  const queryClient = useQueryClient();
  return (next: CloudConnection) =>
    queryClient.setQueryData<CloudConnection[]>(cloudDriveKeys.connections(), (list) =>
      list?.map((c) => (c.id === next.id ? next : c)),
    );
}

/** Rename, deactivate or activate a connection (PATCH); "Failed to update connection" on error (core.md §8). */
export function useUpdateConnection() {
  const replace = useReplaceConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateConnectionRequest }) =>
      api(fillPath(CloudDrivePaths.connection, { id }), loadConnectionSchema, { method: 'PATCH', body: patch }),
    onSuccess: (next) => {
      replace(next);
      // An inactive drive stops syncing and its files drop out of the lists.
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.syncStatus() });
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.allFiles() });
    },
    onError: (error) => toast.error('Failed to update connection', errorMessage(error)),
  });
}

/** Refresh a connection's access token now (core.md §8 "Connection refreshed"). */
export function useRefreshConnection() {
  const replace = useReplaceConnection();
  return useMutation({
    mutationFn: (connection: Connection) =>
      api(fillPath(CloudDrivePaths.refreshConnection, { id: connection.id }), loadConnectionSchema, {
        method: 'POST',
      }),
    onSuccess: (next, connection) => {
      replace(next);
      toast.success('Connection refreshed', `Successfully refreshed ${connection.accountName}`);
    },
    onError: (error) => toast.error('Failed to refresh connection', errorMessage(error)),
  });
}

/**
 * Disconnect a drive: the server revokes its access and removes it with its files. When the provider did not
 * confirm the revocation the connection is still gone, with the spec's warning (core.md §8).
 */
export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connection: Connection) =>
      api(fillPath(CloudDrivePaths.connection, { id: connection.id }), loadRemoveSchema, { method: 'DELETE' }),
    onSuccess: ({ revoked }, connection) => {
      const fileIds = queryClient
        .getQueriesData<CloudFile[]>({ queryKey: cloudDriveKeys.allFiles() })
        .flatMap(([, files]) => files ?? [])
        .filter((file) => file.connectionId === connection.id)
        .map((file) => file.id);
      void forgetCachedFiles(fileIds).catch(() => undefined);
      queryClient.setQueryData<CloudConnection[]>(cloudDriveKeys.connections(), (list) =>
        list?.filter((c) => c.id !== connection.id),
      );
      if (revoked) toast.success('Connection removed', `Successfully disconnected ${connection.accountName}`);
      else toast.warning(CloudDriveMessages.removedLocallyTitle, CloudDriveMessages.removedLocally);
    },
    onError: (error) => toast.error('Failed to remove connection', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cloudDriveKeys.all }),
  });
}
