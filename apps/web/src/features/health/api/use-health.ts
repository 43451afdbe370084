import { HealthSchema } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fetchHealth = (signal?: AbortSignal) => api('/api/health', HealthSchema, signal ? { signal } : {});

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => fetchHealth(signal), staleTime: 10_000 });

export const useHealth = () => useQuery(healthQueryOptions());
