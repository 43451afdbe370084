import type { StatsTimeframe } from '@bookshelf/contract';

/** Every reading query sits under one key, so a saved session refreshes the stats, goals and achievements. */
export const readingKeys = {
  all: ['reading'] as const,
  progress: (fileId: string) => ['reading', 'progress', fileId] as const,
  bookmarks: (fileId: string) => ['reading', 'bookmarks', fileId] as const,
  stats: (timeframe: StatsTimeframe) => ['reading', 'stats', timeframe] as const,
  activity: (timeframe: StatsTimeframe) => ['reading', 'activity', timeframe] as const,
  goals: () => ['reading', 'goals'] as const,
  achievements: () => ['reading', 'achievements'] as const,
  settings: () => ['reading', 'settings'] as const,
};
