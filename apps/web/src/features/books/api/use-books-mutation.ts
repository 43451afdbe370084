import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookKeys } from './query-keys';

/** A change to books: whatever happens, every list, the facets and open details refetch afterwards. */
export function useBooksMutation<V, R>(mutationFn: (variables: V) => Promise<R>, onSuccess?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(onSuccess ? { onSuccess } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookKeys.all }),
  });
}
