import { ReadingPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { fillReadingPath, progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadSchema = () => import('./progress-schemas').then((m) => m.AchievementsSchema);

/** Streak milestones and the achievement list (GET achievements/{userId}). */
export const useAchievements = (userId: string) =>
  useQuery({
    queryKey: readingKeys.achievements(),
    queryFn: ({ signal }) =>
      progressRequest(fillReadingPath(ReadingPaths.achievements, { userId }), loadSchema, { signal }),
  });
