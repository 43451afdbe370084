import { z } from 'zod/mini';
import { textInput } from './wire-values.js';
import { BookCurrencySchema, BookFormatSchema, BookSchema, PriceAlertSchema } from './books.js';
import { DISPLAY_CURRENCIES } from './currency.js';
import { WishlistLimits, WishlistMessages } from './wishlist-rules.js';

/**
 * The wishlist on the wire (core.md §2 "Wishlist", §3 Price alert, §9; issue 13): the owner's page, its share
 * link, the read-only page anyone with the link sees, and price alerts. Rules that need no schema live in
 * wishlist-rules.ts.
 */

export const WishlistSharingSchema = z.object({
  isPublic: z.boolean(),
  /** The share link's token while the wishlist is public; anyone holding it can read the wishlist. */
  token: z.nullable(z.string()),
});
export type WishlistSharing = z.infer<typeof WishlistSharingSchema>;

/** A wishlist card's fields: what the grids show, the price the value counts and the prices alerts watch. */
export const WishlistBookSchema = z.pick(BookSchema, {
  id: true,
  title: true,
  author: true,
  coverUrl: true,
  format: true,
  genre: true,
  publishedYear: true,
  rating: true,
  dateAdded: true,
  purchaseInfo: true,
  priceHistory: true,
});
export type WishlistBook = z.infer<typeof WishlistBookSchema>;

export const WishlistSchema = z.object({
  /** In the wishlist's order: dragged positions first, then the newest. */
  books: z.array(WishlistBookSchema),
  count: z.number(),
  /** Purchase prices converted to `currency`, 15 per book without one, to 2 decimals (core.md §9). */
  estimatedValue: z.number(),
  currency: z.string(),
  sharing: WishlistSharingSchema,
});
export type Wishlist = z.infer<typeof WishlistSchema>;

export const WishlistQuerySchema = z.object({
  /** The currency to count the value in; the reader's base currency when absent. */
  currency: z.optional(z.enum(DISPLAY_CURRENCIES)),
});
export type WishlistQuery = z.infer<typeof WishlistQuerySchema>;

export const ReorderWishlistRequestSchema = z.object({
  bookIds: z.array(z.uuid('Book id must be a UUID.')).check(
    z.minLength(1, 'Name at least one book.'),
    z.maxLength(WishlistLimits.reorderMax, `At most ${WishlistLimits.reorderMax} books at once.`),
    z.refine((ids) => new Set(ids).size === ids.length, WishlistMessages.duplicateBooks),
  ),
});
export type ReorderWishlistRequest = z.infer<typeof ReorderWishlistRequestSchema>;

/**
 * A book as a visitor of a shared wishlist sees it: what identifies the book and what it may cost. Nothing
 * of the owner's own record (notes, review, seller, purchase date, account, tags, id) is in it.
 */
export const PublicWishlistBookSchema = z.object({
  title: z.string(),
  author: z.string(),
  coverUrl: z.nullable(z.string()),
  format: BookFormatSchema,
  genre: z.nullable(z.string()),
  publishedYear: z.nullable(z.number()),
  price: z.nullable(
    z.object({
      platform: z.string(),
      price: z.number(),
      currency: BookCurrencySchema,
      /**
       * The price in the wishlist's `currency` at today's rate, to the cent (countedPrice): the figure the
       * card shows, so that a visitor's cards add up to the estimated value as the owner's do.
       */
      convertedAmount: z.number(),
    }),
  ),
});
export type PublicWishlistBook = z.infer<typeof PublicWishlistBookSchema>;

export const PublicWishlistSchema = z.object({
  ownerName: z.string(),
  books: z.array(PublicWishlistBookSchema),
  count: z.number(),
  /** The books' countedPrice added: each price's convertedAmount, 15 for a book without one. */
  estimatedValue: z.number(),
  /** The currency of the value and of every convertedAmount: the one asked, else the owner's base currency. */
  currency: z.string(),
});
export type PublicWishlist = z.infer<typeof PublicWishlistSchema>;

/** Any text: a token that is malformed answers the same 404 as one that was revoked. */
export const SharedWishlistParamsSchema = z.object({ token: textInput().check(z.maxLength(200)) });

export const CreatePriceAlertRequestSchema = z.extend(PriceAlertSchema, {
  bookId: z.uuid('Book id must be a UUID.'),
  platforms: z.optional(
    PriceAlertSchema.shape.platforms.check(
      z.maxLength(WishlistLimits.alertPlatformsMax, `At most ${WishlistLimits.alertPlatformsMax} platforms.`),
    ),
  ),
});
export type CreatePriceAlertRequest = z.input<typeof CreatePriceAlertRequestSchema>;

export const SavedPriceAlertSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  targetPrice: z.number(),
  currency: BookCurrencySchema,
  /** Empty: any platform. */
  platforms: z.array(z.string()),
  createdAt: z.string(),
  /** When a price at or below the target was recorded; null while it waits. */
  triggeredAt: z.nullable(z.string()),
  /** That price, in the alert's currency. */
  triggeredPrice: z.nullable(z.number()),
});
export type SavedPriceAlert = z.infer<typeof SavedPriceAlertSchema>;

export const PriceAlertListSchema = z.array(SavedPriceAlertSchema);
