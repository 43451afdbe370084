import type { DisplayCurrency } from '@bookshelf/contract';
import { bookKeys } from '../../books/public';

/**
 * Under the library's keys: any change to a book (a status, a price, a live books.changed event) refreshes
 * the wishlist and its alerts with every other list. A shared wishlist is someone else's, so it sits apart.
 */
export const wishlistKeys = {
  all: [...bookKeys.all, 'wishlist'] as const,
  /** Every currency's copy of the reader's wishlist: what a reorder or a sharing change updates. */
  mine: () => [...bookKeys.all, 'wishlist', 'mine'] as const,
  /** The wishlist counted in `currency`: a new base currency is a new read, never a relabelled old one. */
  mineIn: (currency: DisplayCurrency) => [...bookKeys.all, 'wishlist', 'mine', currency] as const,
  alerts: () => [...bookKeys.all, 'wishlist', 'alerts'] as const,
  shared: (token: string) => ['shared-wishlist', token] as const,
};
