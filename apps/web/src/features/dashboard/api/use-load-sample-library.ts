import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DASHBOARD_BOOK_PATHS, loadSchemas } from './use-dashboard-books';

/**
 * The first dashboard's Load the sample library (POST /api/demo/load, the spec's 23 books, once). It answers
 * the job that adds them; the books are refetched when the job has finished (first-run.tsx), not now.
 */
export function useLoadSampleLibrary() {
  return useMutation({
    mutationFn: () => api(DASHBOARD_BOOK_PATHS.demo, () => loadSchemas().then((m) => m.JobSchema), { method: 'POST' }),
  });
}
