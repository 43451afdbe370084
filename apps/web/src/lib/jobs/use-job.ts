import { isFinishedJob, JobPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { liveEventsConnected } from '../live-events-state';
import { jobQueryKey } from './job-query-key';

/** How often an unfinished job is asked for while the live channel is down. */
export const JOB_POLL_MS = 1_000;
/** While the live channel is up it pushes every change (`job.updated`); this only guards against a lost one. */
export const JOB_POLL_LIVE_MS = 10_000;

/** One job of the signed-in user (GET /api/jobs/{id}), followed live, and asked for again until it finishes. */
export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: jobQueryKey(id ?? ''),
    queryFn: () => api(JobPaths.one(id!), () => import('./job-schema').then((m) => m.JobSchema)),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      if (query.state.data && isFinishedJob(query.state.data)) return false;
      return liveEventsConnected() ? JOB_POLL_LIVE_MS : JOB_POLL_MS;
    },
  });
}
