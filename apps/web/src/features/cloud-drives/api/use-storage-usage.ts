import { StoragePaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cloudDriveKeys } from './query-keys';

const loadUsageSchema = () => import('./schemas').then((m) => m.StorageUsageSchema);

/** Under the drives' key: an upload, a removal or a `cloud-drives.changed` event refreshes it with the files. */
export const storageUsageKey = () => [...cloudDriveKeys.all, 'storage-usage'] as const;

/** How much of the reader's storage space (uploads and book photos) is used, of how much. */
export const useStorageUsage = () =>
  useQuery({
    queryKey: storageUsageKey(),
    queryFn: ({ signal }) => api(StoragePaths.usage, loadUsageSchema, { signal }),
    staleTime: 60_000,
  });
