import { WISHLIST_PRICE_ESTIMATE } from '@bookshelf/contract';

/**
 * A card's line for a book without a price: what it counts towards the estimated value instead, so the cards
 * still add up to the header. The owner's cards and the shared page's say the same.
 */
export function NoPriceYet() {
  return (
    <span className="text-xs font-normal text-gray-600 dark:text-gray-400">
      No price yet (counted as {WISHLIST_PRICE_ESTIMATE})
    </span>
  );
}
