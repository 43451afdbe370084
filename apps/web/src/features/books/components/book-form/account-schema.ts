/* Loaded with the first answer, so zod stays out of first downloads (see books/api/schemas.ts). */
export { AccountListSchema } from '@bookshelf/contract';
