/*
 * The API's addresses, apart from the rules: the bundler places a shared module whole in the first chunk
 * that uses it, and the web app's reporter and admin page need only these.
 */

export const PerformancePaths = {
  reports: '/api/analytics/performance',
  summary: '/api/analytics/performance/summary',
} as const;
