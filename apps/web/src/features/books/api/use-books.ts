import type { BookListQuery } from '@bookshelf/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchBooks } from './fetch-books';
import { bookKeys } from './query-keys';

/**
 * One page of books (the dashboard's lists). The library's scrolling list is use-infinite-books.ts, a module of
 * its own so that the infinite-query code stays in the library's chunk.
 */
export const booksQueryOptions = (query: BookListQuery) =>
  queryOptions({ queryKey: bookKeys.list(query), queryFn: ({ signal }) => fetchBooks(query, signal) });
