import { AccountPaths } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

export const fetchAccounts = (signal?: AbortSignal) =>
  api(AccountPaths.list, () => import('./schemas').then((m) => m.AccountListSchema), signal ? { signal } : {});

/** Every account of the user, the Personal Collection first; pickers show only the active ones. */
export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNTS_QUERY_KEY, queryFn: ({ signal }) => fetchAccounts(signal) });

export const useAccounts = () => useQuery(accountsQueryOptions());
