import { ReadingPaths, type StatsTimeframe } from '@bookshelf/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fillReadingPath, progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadSchema = () => import('./progress-schemas').then((m) => m.ReadingStatsSchema);

export const fetchReadingStats = (userId: string, timeframe: StatsTimeframe, signal?: AbortSignal) =>
  progressRequest(
    `${fillReadingPath(ReadingPaths.stats, { userId })}?timeframe=${timeframe}`,
    loadSchema,
    signal ? { signal } : {},
  );

/** Time, pages, speed and streak of a timeframe (GET stats/{userId}?timeframe=…). */
export const readingStatsQueryOptions = (userId: string, timeframe: StatsTimeframe) =>
  queryOptions({
    queryKey: readingKeys.stats(timeframe),
    queryFn: ({ signal }) => fetchReadingStats(userId, timeframe, signal),
  });

/** While another period loads, the last one stays on screen instead of a skeleton. */
export const useReadingStats = (userId: string, timeframe: StatsTimeframe) =>
  useQuery({ ...readingStatsQueryOptions(userId, timeframe), placeholderData: keepPreviousData });
