// Loaded on demand by use-health.ts.
export { HealthSchema } from '@bookshelf/contract';
