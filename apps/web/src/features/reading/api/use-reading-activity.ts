import { ReadingPaths, type StatsTimeframe } from '@bookshelf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fillReadingPath, progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadSchema = () => import('./progress-schemas').then((m) => m.ReadingActivitySchema);

/** Pages and minutes per day of a timeframe, for the charts (GET activity/{userId}?timeframe=…). */
export const useReadingActivity = (userId: string, timeframe: StatsTimeframe) =>
  useQuery({
    queryKey: readingKeys.activity(timeframe),
    queryFn: ({ signal }) =>
      progressRequest(`${fillReadingPath(ReadingPaths.activity, { userId })}?timeframe=${timeframe}`, loadSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
