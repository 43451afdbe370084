import { AuthPaths, AuthProvidersSchema } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

export const fetchAuthProviders = (signal?: AbortSignal) =>
  api(AuthPaths.providers, AuthProvidersSchema, signal ? { signal } : {});

/**
 * Which social sign-ins this server has configured; it changes only with a restart, so it is cached long.
 * The sign-in dialog and settings' connected accounts both ask, under this one key, so they share the cache.
 */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 10 * 60_000,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
