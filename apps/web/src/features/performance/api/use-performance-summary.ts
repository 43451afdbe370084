import { PerformancePaths } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const loadSchema = () => import('./summary-schema').then((m) => m.PerformanceSummarySchema);

export const fetchPerformanceSummary = (signal?: AbortSignal) =>
  api(PerformancePaths.summary, loadSchema, signal ? { signal } : {});

export const performanceSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['performance', 'summary'],
    queryFn: ({ signal }) => fetchPerformanceSummary(signal),
    staleTime: 60_000,
  });

export const usePerformanceSummary = () => useQuery(performanceSummaryQueryOptions());
