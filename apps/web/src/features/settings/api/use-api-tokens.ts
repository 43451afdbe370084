import { ApiTokenListSchema, AuthPaths } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const API_TOKENS_QUERY_KEY = ['me', 'tokens'] as const;

export const fetchApiTokens = (signal?: AbortSignal) =>
  api(AuthPaths.tokens, ApiTokenListSchema, signal ? { signal } : {});

export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: API_TOKENS_QUERY_KEY, queryFn: ({ signal }) => fetchApiTokens(signal) });

export const useApiTokens = () => useQuery(apiTokensQueryOptions());
