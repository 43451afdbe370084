import type { BookListQuery } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { bookFacetsQueryOptions, booksQueryOptions } from '../../books/public';

/*
 * The dashboard's reads are the library's own queries (features/books/public.ts): one cache and one request for
 * the dashboard, the sidebar's goal and the library's filters, refreshed by every change to a book.
 */

export const useDashboardFacets = () => useQuery(bookFacetsQueryOptions());

export const useDashboardBooks = (query: BookListQuery) => useQuery(booksQueryOptions(query));
