import { DEFAULT_BASE_CURRENCY, valueIn } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';

/**
 * What the wishlist needs of money: exchange rates and the reader's base currency. app.ts passes the shared
 * ones (platform/money, exchangeRatesMoney); without them the spec's fixed value rates (core.md §9) and no
 * stored base currency, so the value is counted in the `?currency=` asked for, else INR.
 */
export interface WishlistMoney {
  /**
   * What one unit of `from` is worth in `to`. Inside a transaction, pass it: PGlite has one connection, which
   * a query outside the transaction would wait for until the transaction ends.
   */
  rate(from: string, to: string, executor?: Database): number | Promise<number>;
  /** The reader's chosen base currency; null when they chose none. */
  baseCurrencyOf(userId: string): string | null | Promise<string | null>;
}

export const fixedRatesMoney: WishlistMoney = {
  rate: (from, to) => valueIn(1, from, to),
  baseCurrencyOf: () => null,
};

/** Today's rates and the readers' base currencies as platform/money keeps them (decision 047). */
export function exchangeRatesMoney(db: Database, rates: ExchangeRates): WishlistMoney {
  return {
    async rate(from, to, executor = db) {
      const [row] = rowsOf<{ rate: string }>(
        await executor.execute(sql`select (${rates.rateSql(sql`${from}::text`, to)})::text as rate`),
      );
      return row ? Number(row.rate) : valueIn(1, from, to);
    },
    baseCurrencyOf: (userId) => rates.baseCurrencyOf(userId),
  };
}

/** The currency a wishlist's value is counted in: the one asked for, else the owner's base currency, else INR. */
export async function valueCurrency(money: WishlistMoney, ownerId: string, asked: string | undefined) {
  return asked ?? (await money.baseCurrencyOf(ownerId)) ?? DEFAULT_BASE_CURRENCY;
}

/**
 * A converter into `to` for amounts in the given currencies, with each rate asked once: the pure rules
 * (estimatedValue, triggeringPrice) convert synchronously.
 */
export async function converterInto(
  money: WishlistMoney,
  currencies: Iterable<string>,
  to: string,
  executor?: Database,
) {
  const rates = new Map<string, number>([[to, 1]]);
  for (const from of new Set(currencies)) if (!rates.has(from)) rates.set(from, await money.rate(from, to, executor));
  return (amount: number, from: string) => amount * (rates.get(from) ?? 1);
}
