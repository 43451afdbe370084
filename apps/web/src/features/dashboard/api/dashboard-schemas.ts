// The response schema of the dashboard's one write, loaded on demand (see use-load-sample-library.ts).
export { JobSchema } from '@bookshelf/contract';
