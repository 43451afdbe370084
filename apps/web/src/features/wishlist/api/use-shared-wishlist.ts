import { WishlistPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client';
import { wishlistKeys } from './query-keys';

const loadPublicSchema = () => import('./schemas').then((m) => m.PublicWishlistSchema);

/** Someone's shared wishlist, read through its link; a 404 (off, replaced, never made) is not retried. */
export const useSharedWishlist = (token: string) =>
  useQuery({
    queryKey: wishlistKeys.shared(token),
    queryFn: ({ signal }) => api(WishlistPaths.shared(token), loadPublicSchema, { signal }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
