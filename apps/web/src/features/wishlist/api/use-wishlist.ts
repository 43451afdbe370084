import { WishlistPaths, moveItem, type Wishlist } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wishlistKeys } from './query-keys';

const loadWishlistSchema = () => import('./schemas').then((m) => m.WishlistSchema);
const loadNothing = () => import('zod/mini').then(({ z }) => z.undefined());

export const fetchWishlist = (signal?: AbortSignal) =>
  api(WishlistPaths.wishlist, loadWishlistSchema, signal ? { signal } : {});

/** The reader's wishlist in its order, with count, estimated value (in their base currency) and sharing. */
export const useWishlist = () =>
  useQuery({ queryKey: wishlistKeys.mine(), queryFn: ({ signal }) => fetchWishlist(signal) });

export interface Move {
  from: number;
  to: number;
}

/**
 * Moves one book (drag and drop, or Move up / Move down) and saves the whole order. The page shows the new
 * order at once; a failure puts the old one back, and the error reaches the caller's onError.
 */
export function useReorderWishlist() {
  const queryClient = useQueryClient();
  const key = wishlistKeys.mine();
  return useMutation({
    mutationFn: (bookIds: string[]) => api(WishlistPaths.order, loadNothing, { method: 'PUT', body: { bookIds } }),
    onMutate: async (bookIds: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Wishlist>(key);
      if (previous) {
        const byId = new Map(previous.books.map((b) => [b.id, b]));
        const books = bookIds.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData<Wishlist>(key, { ...previous, books });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The order of ids after a move: what the reorder is sent. */
export const orderAfterMove = (wishlist: Pick<Wishlist, 'books'>, { from, to }: Move) =>
  moveItem(
    wishlist.books.map((b) => b.id),
    from,
    to,
  );
