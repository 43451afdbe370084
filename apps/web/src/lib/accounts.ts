import { AccountPaths } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The user's accounts, read by the accounts feature (Manage Accounts) and by the library (account picker,
 * filter, details). Shared through lib/ because features do not import each other; one cache key means one
 * request serves them all and Manage Accounts' changes show everywhere at once.
 */
export const ACCOUNTS_QUERY_KEY = ['accounts'] as const;

// Loaded with the first answer, so zod is not in any first download.
const loadSchema = () => import('./account-list-schema').then((m) => m.AccountListSchema);

export const fetchAccounts = (signal?: AbortSignal) => api(AccountPaths.list, loadSchema, signal ? { signal } : {});

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ACCOUNTS_QUERY_KEY, queryFn: ({ signal }) => fetchAccounts(signal) });

/** Every account, the Personal Collection first; pickers show only the active ones. */
export const useAccounts = () => useQuery(accountsQueryOptions());
