import { randomBytes } from 'node:crypto';
import {
  countedPrice,
  ErrorCode,
  estimatedValue,
  SHARE_TOKEN_PATTERN,
  WishlistMessages,
  type PublicWishlist,
  type PublicWishlistBook,
  type ToCurrency,
  type Wishlist,
  type WishlistBook,
  type WishlistSharing,
} from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { viewerOf, type Access, type AccessPolicy } from '../../platform/access/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.js';
import { converterInto, valueCurrency } from './wishlist-money.js';
import type { WishlistRepository, WishlistRow } from './wishlist.repository.js';

/** Reads of shared wishlists per address: a link is meant for people, not for guessing tokens. */
export const SHARED_READS_PER_MINUTE: RateLimitRule = { service: 'shared wishlists', limit: 60, window: 'minute' };

/** 32 random bytes: 256 bits, far past guessing, as 43 base64url characters. */
const newShareToken = () => randomBytes(32).toString('base64url');

interface SharedWishlist {
  ownerId: string;
  token: string;
}

/** A shared wishlist is seen by its owner and by whoever presents its current token (decision 045). */
const sharedAccess: AccessPolicy<SharedWishlist> = {
  resource: ({ ownerId, token }) => ({ ownerId, visibility: 'link', linkSecret: token }),
  notFound: WishlistMessages.sharedNotFound,
};

export interface WishlistServiceDeps {
  db: Database;
  wishlist: WishlistRepository;
  access: Access;
  rates: ExchangeRates;
  limiter: RateLimiter;
  /** Tells the owner's other open pages that their books changed, in the change's transaction. */
  changed?: (userId: string, tx: Database) => Promise<void>;
}

const toWishlistBook = (row: WishlistRow): WishlistBook => ({
  ...row,
  format: row.format as WishlistBook['format'],
  dateAdded: row.dateAdded.toISOString(),
  priceHistory: row.priceHistory.map((p) => ({
    ...p,
    currency: p.currency as WishlistBook['priceHistory'][number]['currency'],
  })),
});

/**
 * A visitor's view of a book: what identifies it and its price, also in the wishlist's currency by the rule
 * that counts the value (`convert`, so the cards add up to the header); none of the owner's own record.
 */
const toPublicBook = (row: WishlistRow, convert: ToCurrency): PublicWishlistBook => ({
  title: row.title,
  author: row.author,
  coverUrl: row.coverUrl,
  format: row.format as PublicWishlistBook['format'],
  genre: row.genre,
  publishedYear: row.publishedYear,
  price: row.purchaseInfo && {
    platform: row.purchaseInfo.platform,
    price: row.purchaseInfo.price,
    currency: row.purchaseInfo.currency,
    convertedAmount: countedPrice(row.purchaseInfo, convert),
  },
});

export function createWishlistService({ db, wishlist, access, rates, limiter, changed }: WishlistServiceDeps) {
  /**
   * The books of a wishlist in order, with their count and estimated value in the value's currency, and the
   * converter that counted it (for the shared page's cards).
   */
  async function valued(ownerId: string, asked: string | undefined) {
    const rows = await wishlist.books(ownerId);
    const currency = await valueCurrency(rates, ownerId, asked);
    const convert = await converterInto(
      rates,
      db,
      rows.flatMap((r) => (r.purchaseInfo ? [r.purchaseInfo.currency] : [])),
      currency,
    );
    return { rows, convert, totals: { count: rows.length, estimatedValue: estimatedValue(rows, convert), currency } };
  }

  const sharingOf = (token: string | null): WishlistSharing => ({ isPublic: token !== null, token });

  return {
    async get(userId: string, currency: string | undefined): Promise<Wishlist> {
      const [{ rows, totals }, token] = await Promise.all([valued(userId, currency), wishlist.shareToken(userId)]);
      return { books: rows.map(toWishlistBook), ...totals, sharing: sharingOf(token) };
    },

    /**
     * Puts the named wishlist books in this order (positions 0…n-1); books not named keep theirs. Every book
     * must be one of the caller's wishlist books: otherwise nothing changes and the answer names bookIds.
     */
    async reorder(userId: string, bookIds: string[]): Promise<void> {
      await inTransaction(db, async (tx) => {
        const found = await wishlist.lockWishlistBooks(userId, bookIds, tx);
        if (found.length !== bookIds.length) {
          throw new AppError(400, ErrorCode.validation, WishlistMessages.notWishlistBooks, {}, [
            { path: 'body.bookIds', message: WishlistMessages.notWishlistBooks },
          ]);
        }
        await wishlist.setPositions(userId, bookIds, tx);
        await changed?.(userId, tx);
      });
    },

    /** Makes the wishlist public with a new link; any older link stops working at once. */
    async share(userId: string): Promise<WishlistSharing> {
      const token = newShareToken();
      await wishlist.setShareToken(userId, token);
      return sharingOf(token);
    },

    async unshare(userId: string): Promise<WishlistSharing> {
      await wishlist.setShareToken(userId, null);
      return sharingOf(null);
    },

    /**
     * The read-only wishlist behind a share link, for anyone holding it, signed in or not. A token never
     * made, turned off or replaced answers the same 404, after the same limit, whatever it looked like.
     */
    async shared(
      token: string,
      caller: { userId: string | null; address: string },
      currency: string | undefined,
    ): Promise<PublicWishlist> {
      await limiter.hit(`wishlist-shared:ip:${caller.address}`, SHARED_READS_PER_MINUTE);
      const owner = SHARE_TOKEN_PATTERN.test(token) ? await wishlist.ownerOfToken(token) : undefined;
      if (!owner) throw notFound(WishlistMessages.sharedNotFound);
      await access.requireVisible(
        viewerOf(caller.userId, token),
        { ownerId: owner.userId, token: owner.token },
        sharedAccess,
      );
      const { rows, convert, totals } = await valued(owner.userId, currency);
      return { ownerName: owner.name, books: rows.map((row) => toPublicBook(row, convert)), ...totals };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
