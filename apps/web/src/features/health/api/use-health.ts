import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The schema (and zod) loads with the first answer, where answers are checked (development and tests).
const loadHealthSchema = () => import('./health-schema').then((m) => m.HealthSchema);

export const fetchHealth = (signal?: AbortSignal) => api('/api/health', loadHealthSchema, signal ? { signal } : {});

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => fetchHealth(signal), staleTime: 10_000 });

export const useHealth = () => useQuery(healthQueryOptions());
