import { AuthPaths, SessionListSchema } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SESSIONS_QUERY_KEY = ['me', 'sessions'] as const;

export const fetchSessions = (signal?: AbortSignal) =>
  api(AuthPaths.sessions, SessionListSchema, signal ? { signal } : {});

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: ({ signal }) => fetchSessions(signal), staleTime: 0 });

export const useSessions = () => useQuery(sessionsQueryOptions());
