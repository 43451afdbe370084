import { BookPaths } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookKeys } from '../../books/public';

/**
 * The first dashboard's Load the sample library (POST /api/demo/load, the spec's 23 books, once). Every book
 * query refetches afterwards, so the dashboard turns into the full one and the library fills.
 */
export function useLoadSampleLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(BookPaths.demo, () => import('./dashboard-schemas').then((m) => m.DemoLoadResponseSchema), {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookKeys.all }),
  });
}
