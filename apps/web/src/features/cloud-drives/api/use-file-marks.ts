import { CloudDrivePaths, type CloudFile } from '@bookshelf/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { cloudDriveKeys } from './query-keys';

const loadMarksSchema = () => import('./schemas').then((m) => m.FileMarksSchema);
const loadCountSchema = () => import('./schemas').then((m) => m.CountResultSchema);

const filePath = (template: string, id: string, tag?: string) =>
  template.replace('{id}', encodeURIComponent(id)).replace('{tag}', encodeURIComponent(tag ?? ''));

type Snapshot = [QueryKey, CloudFile[] | undefined][];

interface MarkChange<V> {
  request: (vars: V) => Promise<unknown>;
  ids: (vars: V) => readonly string[];
  /** What the file looks like once the change is made, shown before the server answers. */
  apply: (file: CloudFile, vars: V) => CloudFile;
  success?: string;
  failure: string;
  /** Bulk changes refetch the list afterwards; a single change takes the server's answer instead. */
  refetch: boolean;
}

/**
 * A favourite or tag change shown at once in every loaded file list (core.md §4 "Cloud drives view"); a
 * failure puts every list back as it was and raises the spec's error toast.
 */
function useMarkChange<V>({ request, ids, apply, success, failure, refetch }: MarkChange<V>) {
  const queryClient = useQueryClient();
  const filesKey = cloudDriveKeys.allFiles();
  const patch = (targets: ReadonlySet<string>, change: (file: CloudFile) => CloudFile) =>
    queryClient.setQueriesData<CloudFile[]>({ queryKey: filesKey }, (old) =>
      old?.map((file) => (targets.has(file.id) ? change(file) : file)),
    );

  return useMutation({
    mutationFn: request,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: filesKey });
      const snapshot: Snapshot = queryClient.getQueriesData<CloudFile[]>({ queryKey: filesKey });
      patch(new Set(ids(vars)), (file) => apply(file, vars));
      return { snapshot };
    },
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toast.error(failure, errorMessage(error));
    },
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'isFavorite' in result && 'tags' in result && 'id' in result) {
        const marks = result as Pick<CloudFile, 'id' | 'isFavorite' | 'tags'>;
        patch(new Set([marks.id]), (file) => ({ ...file, isFavorite: marks.isFavorite, tags: marks.tags }));
      }
      if (success) toast.success(success);
    },
    onSettled: () => (refetch ? queryClient.invalidateQueries({ queryKey: filesKey }) : undefined),
  });
}

const withTag = (tags: readonly string[], tag: string) => (tags.includes(tag) ? [...tags] : [...tags, tag]);
const withoutTag = (tags: readonly string[], tag: string) => tags.filter((t) => t !== tag);

export const useFavoriteFile = () =>
  useMarkChange<string>({
    request: (id) => api(filePath(CloudDrivePaths.favorite, id), loadMarksSchema, { method: 'POST' }),
    ids: (id) => [id],
    apply: (file) => ({ ...file, isFavorite: true }),
    success: 'Added to favorites',
    failure: 'Failed to favorite file',
    refetch: false,
  });

export const useUnfavoriteFile = () =>
  useMarkChange<string>({
    request: (id) => api(filePath(CloudDrivePaths.favorite, id), loadMarksSchema, { method: 'DELETE' }),
    ids: (id) => [id],
    apply: (file) => ({ ...file, isFavorite: false }),
    success: 'Removed from favorites',
    failure: 'Failed to unfavorite file',
    refetch: false,
  });

export interface FileTag {
  id: string;
  tag: string;
}

export const useAddFileTag = () =>
  useMarkChange<FileTag>({
    request: ({ id, tag }) =>
      api(filePath(CloudDrivePaths.tags, id), loadMarksSchema, { method: 'POST', body: { tag: tag.trim() } }),
    ids: ({ id }) => [id],
    apply: (file, { tag }) => ({ ...file, tags: withTag(file.tags, tag.trim()) }),
    success: 'Tag added',
    failure: 'Failed to add tag',
    refetch: false,
  });

export const useRemoveFileTag = () =>
  useMarkChange<FileTag>({
    request: ({ id, tag }) => api(filePath(CloudDrivePaths.tag, id, tag), loadMarksSchema, { method: 'DELETE' }),
    ids: ({ id }) => [id],
    apply: (file, { tag }) => ({ ...file, tags: withoutTag(file.tags, tag) }),
    failure: 'Failed to remove tag',
    refetch: false,
  });

export const useBulkFavorite = () =>
  useMarkChange<readonly string[]>({
    request: (fileIds) => api(CloudDrivePaths.bulkFavorite, loadCountSchema, { method: 'POST', body: { fileIds } }),
    ids: (fileIds) => fileIds,
    apply: (file) => ({ ...file, isFavorite: true }),
    success: 'Files favorited',
    failure: 'Failed to favorite files',
    refetch: true,
  });

export const useBulkUnfavorite = () =>
  useMarkChange<readonly string[]>({
    request: (fileIds) => api(CloudDrivePaths.bulkUnfavorite, loadCountSchema, { method: 'POST', body: { fileIds } }),
    ids: (fileIds) => fileIds,
    apply: (file) => ({ ...file, isFavorite: false }),
    success: 'Files unfavorited',
    failure: 'Failed to unfavorite files',
    refetch: true,
  });

export interface BulkTag {
  fileIds: readonly string[];
  tag: string;
}

export const useBulkAddTag = () =>
  useMarkChange<BulkTag>({
    request: ({ fileIds, tag }) =>
      api(CloudDrivePaths.bulkTags, loadCountSchema, { method: 'POST', body: { fileIds, tag: tag.trim() } }),
    ids: ({ fileIds }) => fileIds,
    apply: (file, { tag }) => ({ ...file, tags: withTag(file.tags, tag.trim()) }),
    success: 'Tag added',
    failure: 'Failed to add tag to files',
    refetch: true,
  });

export const useBulkRemoveTag = () =>
  useMarkChange<BulkTag>({
    request: ({ fileIds, tag }) =>
      api(CloudDrivePaths.bulkTags, loadCountSchema, { method: 'DELETE', body: { fileIds, tag } }),
    ids: ({ fileIds }) => fileIds,
    apply: (file, { tag }) => ({ ...file, tags: withoutTag(file.tags, tag) }),
    failure: 'Failed to remove tag from files',
    refetch: true,
  });
