import type { BookFacets } from '@bookshelf/contract';
import { useDashboardFacets } from '../features/dashboard/api/use-dashboard-books';

const readCount = (facets: BookFacets) => facets.status.find((s) => s.value === 'read')?.count ?? 0;

/**
 * How many of the user's books have the status read, for the reading goal (spec core.md §2), from
 * GET /api/books/facets; 0 while loading. It goes through the dashboard's reader of the facets: the same query
 * key as the library's, so one request serves the sidebar, the dashboard and the library's filters, and no
 * static import of the contract's book schemas (and zod with them) into the dashboard's first download.
 */
export function useBooksReadCount(): number {
  const { data } = useDashboardFacets();
  return data ? readCount(data) : 0;
}
