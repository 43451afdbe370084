import { ReadingPaths } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadSchema = () => import('./progress-schemas').then((m) => m.ReadingSettingsSchema);

/** The reader's chosen time zone; null until chosen (GET settings). */
export const useReadingSettings = () =>
  useQuery({
    queryKey: readingKeys.settings(),
    queryFn: ({ signal }) => progressRequest(ReadingPaths.settings, loadSchema, { signal }),
  });

/** PUT settings; every day, streak and chart is counted again in the new zone, so everything reloads. */
export function useUpdateReadingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) =>
      progressRequest(ReadingPaths.settings, loadSchema, { method: 'PUT', body: { timeZone } }),
    onSuccess: (settings) => queryClient.setQueryData(readingKeys.settings(), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingKeys.all }),
  });
}
