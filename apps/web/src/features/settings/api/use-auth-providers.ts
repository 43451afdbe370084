import { AuthPaths, AuthProvidersSchema } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The configured social providers. The sign-in dialog asks the same question under the same key; features
 * do not import each other, so the fetcher is repeated here and the cache is shared.
 */
export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

export const fetchAuthProviders = (signal?: AbortSignal) =>
  api(AuthPaths.providers, AuthProvidersSchema, signal ? { signal } : {});

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 10 * 60_000,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
