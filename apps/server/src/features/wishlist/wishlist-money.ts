import { convertAmount } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';

/** The currency a wishlist's value is counted in: the one asked, else the owner's base currency (INR until chosen). */
export async function valueCurrency(rates: ExchangeRates, ownerId: string, asked: string | undefined) {
  return asked ?? (await rates.baseCurrencyOf(ownerId));
}

/**
 * A converter into `to` for amounts in the given currencies at today's rates (platform/money, decision 047),
 * with each rate asked once: the pure rules (estimatedValue, triggeringPrice) convert synchronously. Each
 * amount comes back in cents by the one rule every screen uses (convertAmount), so the wishlist's cards add
 * up to its header. Inside a
 * transaction, pass it as `executor`: PGlite has one connection, which a query outside the transaction would
 * wait for until the transaction ends.
 */
export async function converterInto(
  rates: ExchangeRates,
  executor: Database,
  currencies: Iterable<string>,
  to: string,
) {
  const found = new Map<string, number>([[to, 1]]);
  for (const from of new Set(currencies)) {
    if (found.has(from)) continue;
    // rateSql answers for every pair of known currencies, and a select with no FROM one row.
    const [row] = rowsOf<{ rate: string | null }>(
      await executor.execute(sql`select (${rates.rateSql(sql`${from}::text`, to)})::text as rate`),
    );
    if (row?.rate != null) found.set(from, Number(row.rate));
  }
  // Stored prices are in book currencies, which all have rates; anything else is counted as written.
  return (amount: number, from: string) => convertAmount(amount, found.get(from) ?? 1);
}
