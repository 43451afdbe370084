import { useQuery } from '@tanstack/react-query';
import type { BookFacets } from '@bookshelf/contract';
import { bookFacetsQueryOptions } from '../features/books/api/use-book-facets';

const readCount = (facets: BookFacets) => facets.status.find((s) => s.value === 'read')?.count ?? 0;

/**
 * How many of the user's books have the status read, for the reading goal (spec core.md §2), from
 * GET /api/books/facets (shared with the library's filters, so one request serves both); 0 while loading.
 * The facets' schema loads with the answer, so zod stays out of the dashboard's first download.
 */
export function useBooksReadCount(): number {
  const { data } = useQuery({ ...bookFacetsQueryOptions(), select: readCount });
  return data ?? 0;
}
