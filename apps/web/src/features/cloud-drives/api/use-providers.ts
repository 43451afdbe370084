import { CloudDrivePaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cloudDriveKeys } from './query-keys';

const loadProvidersSchema = () => import('./schemas').then((m) => m.CloudProvidersSchema);

/** Which drives this server can connect (a client is configured), whether the library folder shows, the upload cap. */
export const useCloudProviders = () =>
  useQuery({
    queryKey: cloudDriveKeys.providers(),
    queryFn: ({ signal }) => api(CloudDrivePaths.providers, loadProvidersSchema, { signal }),
    staleTime: 5 * 60_000,
  });
