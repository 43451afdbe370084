import { AuthPaths, LinkedIdentityListSchema } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const IDENTITIES_QUERY_KEY = ['me', 'identities'] as const;

export const fetchIdentities = (signal?: AbortSignal) =>
  api(AuthPaths.identities, LinkedIdentityListSchema, signal ? { signal } : {});

export const identitiesQueryOptions = () =>
  queryOptions({ queryKey: IDENTITIES_QUERY_KEY, queryFn: ({ signal }) => fetchIdentities(signal) });

export const useIdentities = () => useQuery(identitiesQueryOptions());
