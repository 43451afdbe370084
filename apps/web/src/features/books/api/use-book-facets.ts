import { BookPaths } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookKeys } from './query-keys';

export const fetchBookFacets = (signal?: AbortSignal) =>
  api(BookPaths.facets, () => import('./schemas').then((m) => m.BookFacetsSchema), signal ? { signal } : {});

/** Counts by status, format, genre, tag and account over the whole library. */
export const bookFacetsQueryOptions = () =>
  queryOptions({ queryKey: bookKeys.facets(), queryFn: ({ signal }) => fetchBookFacets(signal) });

export const useBookFacets = () => useQuery(bookFacetsQueryOptions());
