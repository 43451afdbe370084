import { convertAmount, sumCents } from './conversion.js';

/**
 * The wishlist's rules and texts (core.md §2 "Wishlist", §3 Price alert, §9 Wishlist), zod-free so the page
 * uses them without the schema library and the server applies the very same ones.
 */

/** What a wishlist book without purchase info counts towards the estimated value (core.md §9). */
export const WISHLIST_PRICE_ESTIMATE = 15;

/** The High Priority grid shows the first this many books of the wishlist order (core.md §9). */
export const HIGH_PRIORITY_COUNT = 6;

export const WishlistLimits = {
  /** A reorder names at most this many books; a wishlist longer than it is reordered in its first part. */
  reorderMax: 1000,
  /** Platforms one price alert watches. */
  alertPlatformsMax: 20,
  /** Price alerts one reader keeps. */
  alertsMax: 500,
} as const;

export const WishlistMessages = {
  empty: 'Your wishlist is empty',
  /** A share link that was never made, was turned off or was replaced: one answer for all of them. */
  sharedNotFound: 'This wishlist is not shared, or its link has changed.',
  alertNotFound: 'Price alert not found.',
  notWishlistBooks: 'Every book to order must be one of your wishlist books.',
  duplicateBooks: 'A book may appear only once in the order.',
  tooManyAlerts: `You can keep at most ${WishlistLimits.alertsMax} price alerts.`,
  alertTriggered: 'Price alert triggered',
} as const;

export const WishlistPaths = {
  wishlist: '/api/wishlist',
  order: '/api/wishlist/order',
  share: '/api/wishlist/share',
  shared: (token: string) => `/api/wishlist/shared/${encodeURIComponent(token)}`,
  alerts: '/api/price-alerts',
  alert: (id: string) => `/api/price-alerts/${encodeURIComponent(id)}`,
} as const;

/** The web app's public page of a shared wishlist (core.md §2 `/wishlist/{id}`, the id being the share token). */
export const sharedWishlistPagePath = (token: string) => `/wishlist/${encodeURIComponent(token)}`;

/** A share token as the server makes it: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Converts an amount in `from` to the currency the value is counted in, to cents. */
export type ToCurrency = (amount: number, from: string) => number;

/** Money to 2 decimals, as the value is shown (core.md §9); the epsilon keeps 1.005 from rounding down. */
export const toCents = (amount: number) => Math.round((amount + Math.sign(amount) * Number.EPSILON) * 100) / 100;

const asWritten: ToCurrency = (amount) => convertAmount(amount, 1);

/**
 * What one wishlist book counts towards the estimated value, in the value's currency: its price converted to
 * cents (convertAmount: the rule every screen applies), else 15 (core.md §9). A card shows this very figure,
 * so the cards add up to the header.
 */
export const countedPrice = (
  purchaseInfo: { price: number; currency: string } | null,
  convert: ToCurrency = asWritten,
): number => (purchaseInfo ? convert(purchaseInfo.price, purchaseInfo.currency) : WISHLIST_PRICE_ESTIMATE);

/**
 * The wishlist's estimated value (core.md §9): the sum of purchase prices, 15 for each book without one,
 * to 2 decimals: each book's countedPrice, added in cents.
 */
export function estimatedValue(
  books: readonly { purchaseInfo: { price: number; currency: string } | null }[],
  convert: ToCurrency = asWritten,
): number {
  return sumCents(books.map(({ purchaseInfo }) => countedPrice(purchaseInfo, convert)));
}

/** The High Priority grid (the first 6) and All Wishlist Books (the rest), in the wishlist's order. */
export function splitWishlist<T>(books: readonly T[]): { highPriority: T[]; rest: T[] } {
  return { highPriority: books.slice(0, HIGH_PRIORITY_COUNT), rest: books.slice(HIGH_PRIORITY_COUNT) };
}

/** The order after moving the book at `from` to `to` (drag and drop, or Move up / Move down). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export interface AlertWatch {
  targetPrice: number;
  currency: string;
  /** Empty: every platform. */
  platforms: readonly string[];
}

export interface PriceSeen {
  price: number;
  currency: string;
  platform: string | null;
}

/**
 * The price of `point` that triggers `alert`, in the alert's currency, or null when it does not: the price
 * (converted when it is in another currency) is at or below the target, and the platform is one the alert
 * watches when it names any (compared without case or surrounding spaces).
 */
export function triggeringPrice(
  alert: AlertWatch,
  point: PriceSeen,
  convert: (amount: number, from: string, to: string) => number,
) {
  if (alert.platforms.length > 0) {
    const platform = point.platform?.trim().toLowerCase();
    if (!platform || !alert.platforms.some((p) => p.trim().toLowerCase() === platform)) return null;
  }
  const price =
    point.currency === alert.currency ? point.price : toCents(convert(point.price, point.currency, alert.currency));
  return price <= alert.targetPrice ? price : null;
}

/**
 * The price points of `after` that `before` did not have (compared by date, price, currency and platform,
 * counting repeats): only a newly recorded price may trigger an alert, not one an edit leaves in place.
 */
export function addedPricePoints<T extends PriceSeen & { date: string }>(
  before: readonly T[],
  after: readonly T[],
): T[] {
  const key = (p: T) => `${p.date}\0${p.price}\0${p.currency}\0${p.platform ?? ''}`;
  const left = new Map<string, number>();
  for (const p of before) left.set(key(p), (left.get(key(p)) ?? 0) + 1);
  return after.filter((p) => {
    const n = left.get(key(p)) ?? 0;
    if (n === 0) return true;
    left.set(key(p), n - 1);
    return false;
  });
}
