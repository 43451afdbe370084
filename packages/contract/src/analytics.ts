import { z } from 'zod/mini';
import { RATE_SOURCES } from './money-rules.js';
import { DisplayCurrencySchema } from './money.js';

/**
 * Library value and spending on the wire (core.md §3 "Spending analytics result", "Library value result",
 * §9 "Value and spending"; issue 13). Both count the owner's books with purchase info that are not on the
 * wishlist. Amounts are in `baseCurrency` with 2 decimals unless named as original amounts.
 */

export const AnalyticsQuerySchema = z.object({
  /** The currency to count in; the reader's stored base currency when absent. */
  baseCurrency: z.optional(DisplayCurrencySchema),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const RateSourceSchema = z.enum(RATE_SOURCES);

export const CurrencyValueSchema = z.object({
  currency: z.string(),
  /** The prices paid in this currency, added up as paid. */
  amount: z.number(),
  /** `amount` in the base currency at `rate`. */
  convertedAmount: z.number(),
  /** Base-currency units for one unit of `currency` (6 decimals; shown with 4). */
  rate: z.number(),
  /** Books paid for in this currency. */
  count: z.number(),
});
export type CurrencyValue = z.infer<typeof CurrencyValueSchema>;

/** What the library cost, converted at the rates of `conversionDate` (today's, or the latest published). */
export const LibraryValueSchema = z.object({
  totalInBaseCurrency: z.number(),
  baseCurrency: DisplayCurrencySchema,
  /** Largest converted amount first. */
  currencyBreakdown: z.array(CurrencyValueSchema),
  /** The day of the rates used (YYYY-MM-DD): the reference rates' publication day, or today for the fixed tables. */
  conversionDate: z.string(),
  ratesSource: RateSourceSchema,
  /** Books counted. */
  bookCount: z.number(),
});
export type LibraryValue = z.infer<typeof LibraryValueSchema>;

export const PricedBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  /** As paid, in `currency`. */
  price: z.number(),
  currency: z.string(),
  /** In the base currency, at the rate of the purchase day. */
  convertedAmount: z.number(),
});
export type PricedBook = z.infer<typeof PricedBookSchema>;

/**
 * Spending, each purchase converted at the rate of its purchase date (the day it was added when it has none).
 * The `spendingBy…` records map a platform, a genre or a month (YYYY-MM) to an amount in the base currency.
 */
export const SpendingSchema = z.object({
  totalSpent: z.number(),
  /** Original amounts per currency, not converted. */
  totalSpentByCurrency: z.record(z.string(), z.number()),
  /** `totalSpent` over the books counted, free ones included. */
  averageBookPrice: z.number(),
  /** Largest first. */
  spendingByPlatform: z.record(z.string(), z.number()),
  /** Largest first; books without a genre under NO_GENRE. */
  spendingByGenre: z.record(z.string(), z.number()),
  /** Oldest month first, months without purchases left out. */
  spendingByMonth: z.record(z.string(), z.number()),
  mostExpensiveBook: z.nullable(PricedBookSchema),
  /** The cheapest book that cost something; a free one only when every book was free. */
  cheapestBook: z.nullable(PricedBookSchema),
  baseCurrency: DisplayCurrencySchema,
  ratesSource: RateSourceSchema,
  /** Books counted. */
  bookCount: z.number(),
});
export type Spending = z.infer<typeof SpendingSchema>;
