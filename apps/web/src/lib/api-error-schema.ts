// Loaded on demand by api-client.ts: see the note on loadApiErrorSchema there.
export { ApiErrorSchema } from '@bookshelf/contract';
