import {
  DISPLAY_CURRENCIES,
  DISPLAY_RATES,
  isDisplayCurrency,
  VALUE_RATES_TO_INR,
  type DisplayCurrency,
} from './currency.js';

/**
 * The one conversion rule of every place that shows money (issue 27, decision 047): a rate has
 * RATE_DECIMALS decimals, an amount converts to cents (half away from zero) book by book, and totals add those
 * cents. The server's SQL (platform/money), its code (the wishlist) and the web (the price label) all apply
 * it, so a book shows the same figure on its page, in the library value, in Spending and on the wishlist.
 * Zod-free: the price label on every page uses it.
 */

/** Decimals a rate is kept to, on the wire and in every sum (shown with 4). */
export const RATE_DECIMALS = 8;

/**
 * Rupees for one unit of each display currency, without real rates: core.md §9's library value table for
 * the book currencies, and for CNY, SGD and HKD (which only the display table lists) the rupees of the dollar
 * they are quoted against there (83.25 / 7.24 …): the dollar's rupee rate is the one both tables share.
 */
export const FIXED_RATES_TO_INR: Record<DisplayCurrency, number> = {
  ...VALUE_RATES_TO_INR,
  CNY: VALUE_RATES_TO_INR.USD / DISPLAY_RATES.USD!.CNY!,
  SGD: VALUE_RATES_TO_INR.USD / DISPLAY_RATES.USD!.SGD!,
  HKD: VALUE_RATES_TO_INR.USD / DISPLAY_RATES.USD!.HKD!,
};

const RATE_SCALE = 10 ** RATE_DECIMALS;

/** A rate kept to RATE_DECIMALS decimals, as SQL's round(x, 8) keeps it. */
export const roundRate = (rate: number) => Math.round(rate * RATE_SCALE) / RATE_SCALE;

/**
 * The fixed rate from one display currency to another (units of `to` for one `from`), crossed through INR:
 * every pair has one, 1 only for the same currency; null for a currency the app does not know.
 */
export function fixedRate(from: string, to: string): number | null {
  if (from === to) return 1;
  if (!isDisplayCurrency(from) || !isDisplayCurrency(to)) return null;
  return roundRate(FIXED_RATES_TO_INR[from] / FIXED_RATES_TO_INR[to]);
}

/** Every display currency's fixed rate into `to`. */
export const fixedRatesInto = (to: DisplayCurrency) =>
  Object.fromEntries(DISPLAY_CURRENCIES.map((code) => [code, fixedRate(code, to)!])) as Record<DisplayCurrency, number>;

/** A finite number's exact decimal digits and how many of them are decimals (12.5 → 125n, 1). */
function decimalOf(value: number): { digits: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a finite amount: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  let digits = BigInt(`${sign}${whole}${fraction}`);
  if (scale < 0) digits *= 10n ** BigInt(-scale);
  return { digits, scale: Math.max(scale, 0) };
}

/**
 * `amount` × `rate` in cents, rounded half away from zero, computed on the exact decimals (as PostgreSQL's
 * round(numeric, 2) does), never on binary floats: 95 GBP at 1.26366366 is 120.05 here and in SQL alike.
 */
export function convertAmount(amount: number, rate: number): number {
  const { digits, scale } = decimalOf(amount);
  const product = digits * BigInt(Math.round(rate * RATE_SCALE));
  const drop = scale + RATE_DECIMALS - 2;
  let cents: bigint;
  if (drop <= 0) cents = product * 10n ** BigInt(-drop);
  else {
    const unit = 10n ** BigInt(drop);
    const magnitude = product < 0n ? -product : product;
    const rounded = (magnitude + unit / 2n) / unit;
    cents = product < 0n ? -rounded : rounded;
  }
  // Read back as a decimal text: the double nearest the cents, as Number() of SQL's numeric text gives.
  const size = cents < 0n ? -cents : cents;
  return Number(`${cents < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`);
}

/** Amounts already in cents, added without binary noise (0.1 + 0.2 is 0.3). */
export const sumCents = (amounts: Iterable<number>) => {
  let cents = 0;
  for (const amount of amounts) cents += Math.round(amount * 100);
  return cents / 100;
};

/** `amount` in `from` converted to `to` at the fixed rates; null for a currency the app does not know. */
export function convertFixed(amount: number, from: string, to: string): number | null {
  const rate = fixedRate(from, to);
  return rate === null ? null : convertAmount(amount, rate);
}

/**
 * The day whose rate converts a book's purchase price (core.md §9 "using the purchase date"), as Spending's
 * SQL picks it: the purchase date, else the day the book was added (UTC). A wishlist book is not bought yet:
 * null, today's rate, as the wishlist's estimated value counts it.
 */
export function purchaseRateDay(book: {
  status: string;
  dateAdded: string;
  purchaseInfo: { purchaseDate: string | null } | null;
}): string | null {
  if (book.status === 'wishlist') return null;
  return book.purchaseInfo?.purchaseDate?.slice(0, 10) ?? book.dateAdded.slice(0, 10);
}
