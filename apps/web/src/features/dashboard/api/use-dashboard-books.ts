import type { BookListQuery } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * The dashboard's reads (and, in use-load-sample-library.ts, its one write). Features do not import each other, so these repeat three small things of
 * features/books/api: the paths, the query keys (the same keys, so the dashboard shares the library's cache
 * and refreshes after every change to a book, which invalidates ['books']) and the query string.
 * app/dashboard-books-wiring.test.ts checks that they agree. The paths are not taken from the contract's
 * BookPaths: that module's top-level schema registrations would bring every book schema and zod into the
 * dashboard's first download (bench/bundle, 150 KB budget).
 */
export const DASHBOARD_BOOK_PATHS = {
  list: '/api/books',
  facets: '/api/books/facets',
  demo: '/api/demo/load',
} as const;

export const dashboardBookKeys = {
  all: ['books'] as const,
  facets: () => ['books', 'facets'] as const,
  list: (query: BookListQuery) => ['books', 'list', query] as const,
};

/** The query string of GET /api/books, unset values left out (as the library writes it). */
export const dashboardListSearch = (query: BookListQuery): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
};

export const loadSchemas = () => import('./dashboard-schemas');

export const useDashboardFacets = () =>
  useQuery({
    queryKey: dashboardBookKeys.facets(),
    queryFn: ({ signal }) =>
      api(DASHBOARD_BOOK_PATHS.facets, () => loadSchemas().then((m) => m.BookFacetsSchema), { signal }),
  });

export const useDashboardBooks = (query: BookListQuery) =>
  useQuery({
    queryKey: dashboardBookKeys.list(query),
    queryFn: ({ signal }) =>
      api(
        `${DASHBOARD_BOOK_PATHS.list}${dashboardListSearch(query)}`,
        () => loadSchemas().then((m) => m.BookListSchema),
        {
          signal,
        },
      ),
  });
