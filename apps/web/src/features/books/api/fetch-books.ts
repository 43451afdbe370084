import { BookPaths, type BookListQuery } from '@bookshelf/contract';
import { api } from '../../../lib/api-client';

/** The query string of GET /api/books; unset filters are left out so cache keys and URLs stay short. */
function bookListSearch(query: BookListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const fetchBooks = (query: BookListQuery, signal?: AbortSignal) =>
  api(
    `${BookPaths.list}${bookListSearch(query)}`,
    () => import('./schemas').then((m) => m.BookListSchema),
    signal ? { signal } : {},
  );
