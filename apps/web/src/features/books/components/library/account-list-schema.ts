/** Loaded with the first answer of GET /api/accounts, so zod is not in the library's first download. */
export { AccountListSchema } from '@bookshelf/contract';
