// The response schemas the dashboard reads, loaded on demand (see use-dashboard-books.ts).
export { BookFacetsSchema, BookListSchema, JobSchema } from '@bookshelf/contract';
