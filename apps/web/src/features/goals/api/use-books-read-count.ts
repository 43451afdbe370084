import type { BookFacets } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { bookFacetsQueryOptions } from '../../books/public';

const readCount = (facets: BookFacets) => facets.status.find((s) => s.value === 'read')?.count ?? 0;

/**
 * How many of the user's books have the status read, for the reading goal (spec core.md §2), from
 * GET /api/books/facets; 0 while loading. The library's own query: one request serves the sidebar, the dashboard
 * and the library's filters, and every change to a book refreshes it.
 */
export function useBooksReadCount(): number {
  const { data } = useQuery(bookFacetsQueryOptions());
  return data ? readCount(data) : 0;
}
