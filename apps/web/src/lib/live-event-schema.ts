// Loaded on demand by live-events.ts, like me-schema.ts: the contract's schemas stay out of the first download.
export { LiveEventSchema } from '@bookshelf/contract';
