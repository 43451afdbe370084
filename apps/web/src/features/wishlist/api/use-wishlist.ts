import { WishlistPaths, moveItem, type DisplayCurrency, type Wishlist } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wishlistKeys } from './query-keys';

const loadWishlistSchema = () => import('./schemas').then((m) => m.WishlistSchema);
const loadNothing = () => import('zod/mini').then(({ z }) => z.undefined());

export const fetchWishlist = (currency: DisplayCurrency, signal?: AbortSignal) =>
  api(`${WishlistPaths.wishlist}?currency=${currency}`, loadWishlistSchema, signal ? { signal } : {});

/**
 * The reader's wishlist in its order, with count, estimated value and sharing. The value is asked in the
 * currency the page shows (the server's stored base may still be INR while a new reader's guess is being
 * saved), and only once that currency is settled (issue 27).
 */
export const useWishlist = (currency: DisplayCurrency, settled = true) =>
  useQuery({
    queryKey: wishlistKeys.mineIn(currency),
    queryFn: ({ signal }) => fetchWishlist(currency, signal),
    enabled: settled,
  });

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
      const previous = queryClient.getQueriesData<Wishlist>({ queryKey: key });
      queryClient.setQueriesData<Wishlist>({ queryKey: key }, (old) => {
        if (!old) return old;
        const byId = new Map(old.books.map((b) => [b.id, b]));
        return { ...old, books: bookIds.flatMap((id) => byId.get(id) ?? []) };
      });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
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
