// Loaded on demand by accounts.ts.
export { AccountListSchema } from '@bookshelf/contract';
