import { BookPaths } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const loadDemoLibrary = () =>
  api(BookPaths.demo, () => import('./schemas').then((m) => m.JobSchema), { method: 'POST' });

/**
 * The empty library's Load sample library button: the spec's 23 sample books, once. It answers the job that
 * adds them; the library refetches when the job has finished (library-page.tsx), not now.
 */
export const useLoadDemo = () => useMutation({ mutationFn: loadDemoLibrary });
