/*
 * The wishlist's response schemas, loaded by the fetchers on the first answer (development and tests), so
 * zod stays out of the page's first download.
 */
export {
  PriceAlertListSchema,
  PublicWishlistSchema,
  SavedPriceAlertSchema,
  WishlistSchema,
  WishlistSharingSchema,
} from '@bookshelf/contract';
