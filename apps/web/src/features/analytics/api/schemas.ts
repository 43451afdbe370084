// Loaded on demand by the fetchers, with the first answer: zod stays out of the dashboard's first download.
export { LibraryValueSchema, SpendingSchema } from '@bookshelf/contract';
