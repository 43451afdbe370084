/*
 * The library's response schemas, in a module of their own so that fetchers load them (and zod with them)
 * only when an answer arrives: the dashboard's first download stays within its budget (bench/bundle).
 */
export {
  BookFacetsSchema,
  BookListSchema,
  BookSchema,
  BulkUpdateBooksResponseSchema,
  CountResponseSchema,
  DemoLoadResponseSchema,
  JobSchema,
} from '@bookshelf/contract';
export { IsbnLookupSchema } from '@bookshelf/contract';
export { ImportListSchema, ImportPreviewSchema, ImportStatusSchema } from '@bookshelf/contract';
