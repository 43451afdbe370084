import { BookPaths } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The first dashboard's Load the sample library (POST /api/demo/load, the spec's 23 books, once). It answers
 * the job that adds them; the books are refetched when the job has finished (first-run.tsx), not now.
 */
export function useLoadSampleLibrary() {
  return useMutation({
    mutationFn: () =>
      api(BookPaths.demo, () => import('./dashboard-schemas').then((m) => m.JobSchema), { method: 'POST' }),
  });
}
