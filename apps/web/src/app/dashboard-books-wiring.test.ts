import { BookPaths } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { bookListSearch } from '../features/books/api/fetch-books';
import { bookKeys } from '../features/books/api/query-keys';
import {
  DASHBOARD_BOOK_PATHS,
  dashboardBookKeys,
  dashboardListSearch,
} from '../features/dashboard/api/use-dashboard-books';

// The dashboard repeats a little of the library's API layer (features do not import each other); here, in the
// app layer that wires both, we check the copies agree, so the two share one cache and one set of requests.
describe('dashboard and library books API', () => {
  it('use the same paths, query keys and query strings', () => {
    expect(DASHBOARD_BOOK_PATHS).toEqual({ list: BookPaths.list, facets: BookPaths.facets, demo: BookPaths.demo });
    expect(dashboardBookKeys.all).toEqual(bookKeys.all);
    expect(dashboardBookKeys.facets()).toEqual(bookKeys.facets());
    const query = { status: 'reading', limit: 5, sort: 'dateAdded', q: '' } as const;
    expect(dashboardBookKeys.list(query)).toEqual(bookKeys.list(query));
    expect(dashboardListSearch(query)).toBe(bookListSearch(query));
    expect(dashboardListSearch({})).toBe(bookListSearch({}));
  });
});
