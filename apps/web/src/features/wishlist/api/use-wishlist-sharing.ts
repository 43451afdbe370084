import { WishlistPaths, type Wishlist, type WishlistSharing } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wishlistKeys } from './query-keys';

const loadSharingSchema = () => import('./schemas').then((m) => m.WishlistSharingSchema);

/** Turns sharing on (or makes a new link, ending the old one) or off; the page's sharing follows the answer. */
export function useWishlistSharing() {
  const queryClient = useQueryClient();
  const applied = (sharing: WishlistSharing) =>
    queryClient.setQueriesData<Wishlist>({ queryKey: wishlistKeys.mine() }, (old) => old && { ...old, sharing });
  const share = useMutation({
    mutationFn: () => api(WishlistPaths.share, loadSharingSchema, { method: 'POST' }),
    onSuccess: applied,
  });
  const unshare = useMutation({
    mutationFn: () => api(WishlistPaths.share, loadSharingSchema, { method: 'DELETE' }),
    onSuccess: applied,
  });
  return { share, unshare, busy: share.isPending || unshare.isPending };
}
