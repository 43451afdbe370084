import { CloudDrivePaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cloudDriveKeys, type FilesQuery } from './query-keys';

const loadFilesSchema = () => import('./schemas').then((m) => m.CloudFileListSchema);

export function filesUrl({ search, connectionIds }: FilesQuery = {}): string {
  const params = new URLSearchParams();
  if (search?.trim()) params.set('search', search.trim());
  if (connectionIds?.length) params.set('connectionId', connectionIds.join(','));
  const query = params.toString();
  return query ? `${CloudDrivePaths.files}?${query}` : CloudDrivePaths.files;
}

export const fetchCloudFiles = (query: FilesQuery = {}, signal?: AbortSignal) =>
  api(filesUrl(query), loadFilesSchema, signal ? { signal } : {});

/** The reader's files across their drives, the library folder and uploads (core.md §7). */
export const useCloudFiles = (query: FilesQuery = {}) =>
  useQuery({ queryKey: cloudDriveKeys.files(query), queryFn: ({ signal }) => fetchCloudFiles(query, signal) });
