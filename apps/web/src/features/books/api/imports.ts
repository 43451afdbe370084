import { ImportPaths, isFinishedImport, type DuplicateChoice, type ImportStatus } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './query-keys';

const schemas = () => import('./schemas');

/** The file goes as JSON text: the browser has read it already to check its size and type. */
export const createImport = (file: { text: string; filename: string }) =>
  api(ImportPaths.list, () => schemas().then((m) => m.ImportPreviewSchema), { method: 'POST', body: file });

export const startImport = (id: string, duplicates: DuplicateChoice) =>
  api(ImportPaths.start(id), () => schemas().then((m) => m.ImportStatusSchema), {
    method: 'POST',
    body: { duplicates },
  });

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => api(ImportPaths.list, () => schemas().then((m) => m.ImportListSchema), { signal }),
  });

/**
 * One import, kept current by the live channel's import.updated events (app/live-events-cache.ts); while it
 * runs it is also asked for every few seconds, in case the live channel is down.
 */
export function useImport(id: string, initial?: ImportStatus) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => api(ImportPaths.one(id), () => schemas().then((m) => m.ImportStatusSchema), { signal }),
    ...(initial ? { initialData: initial } : {}),
    refetchInterval: (query) => (query.state.data && isFinishedImport(query.state.data.state) ? false : 3_000),
  });
}

export const cancelImport = (id: string) =>
  api(ImportPaths.cancel(id), () => schemas().then((m) => m.ImportStatusSchema), { method: 'POST' });
