import { JobPaths } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { jobQueryKey } from './job-query-key';

/**
 * Cancels one of the signed-in user's jobs (DELETE /api/jobs/{id}): a waiting one at once, a running one at
 * its next step. The answer is the job as it now stands, written where useJob reads it.
 */
export function useCancelJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(JobPaths.one(id), () => import('./job-schema').then((m) => m.JobSchema), { method: 'DELETE' }),
    onSuccess: (job) => queryClient.setQueryData(jobQueryKey(id), job),
  });
}
