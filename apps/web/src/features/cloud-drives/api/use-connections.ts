import { CloudDrivePaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cloudDriveKeys } from './query-keys';

const loadConnectionsSchema = () => import('./schemas').then((m) => m.CloudConnectionListSchema);

/** The reader's drive connections, with the library folder and My Uploads when they have them. */
export const useConnections = () =>
  useQuery({
    queryKey: cloudDriveKeys.connections(),
    queryFn: ({ signal }) => api(CloudDrivePaths.connections, loadConnectionsSchema, { signal }),
  });
