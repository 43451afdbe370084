/**
 * Library value and spending (core.md §3, §9; issue 13): addresses and texts, zod-free so the dashboard's card
 * uses them without the schema library.
 */

export const AnalyticsPaths = {
  libraryValue: '/api/analytics/library-value',
  spending: '/api/analytics/spending',
} as const;

/** The group a purchased book without a genre is counted in. */
export const NO_GENRE = 'No genre';

export const AnalyticsMessages = {
  empty: 'No purchases recorded yet',
  emptyHint: 'Add purchase information (price, currency, platform) to your books to see what your library is worth.',
} as const;
