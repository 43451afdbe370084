// Loaded on demand by use-performance-summary.ts, with the first answer.
export { PerformanceSummarySchema } from '@bookshelf/contract';
