import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readingKeys } from '../../api/query-keys';

/**
 * After a save reaches the server: the Reading Progress screen's stats, goals and achievements refetch. The
 * open file's bookmarks are not touched by a save, so they are left alone.
 */
export function useReadingSaved(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: readingKeys.all,
      predicate: (query) => query.queryKey[1] !== 'bookmarks',
    });
  }, [queryClient]);
}
