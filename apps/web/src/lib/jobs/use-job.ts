import { isFinishedJob, JobPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { jobQueryKey } from './job-query-key';

/** How often an unfinished job is asked for when no live event has told us of it. */
export const JOB_POLL_MS = 1_000;

/** One job of the signed-in user (GET /api/jobs/{id}), asked for again every second until it finishes. */
export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: jobQueryKey(id ?? ''),
    queryFn: () => api(JobPaths.one(id!), () => import('./job-schema').then((m) => m.JobSchema)),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && isFinishedJob(query.state.data) ? false : JOB_POLL_MS),
  });
}
