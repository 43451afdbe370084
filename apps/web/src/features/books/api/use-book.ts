import { BookPaths } from '@bookshelf/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookKeys } from './query-keys';

export const loadBookSchema = () => import('./schemas').then((m) => m.BookSchema);

export const fetchBook = (id: string, signal?: AbortSignal) =>
  api(BookPaths.one(id), loadBookSchema, signal ? { signal } : {});

export const bookQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookKeys.detail(id), queryFn: ({ signal }) => fetchBook(id, signal) });
