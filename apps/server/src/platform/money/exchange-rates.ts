import {
  DEFAULT_BASE_CURRENCY,
  DISPLAY_CURRENCIES,
  fixedRate,
  fixedRatesInto,
  RATE_DECIMALS,
  type DisplayCurrency,
  type RateSource,
  type Rates,
} from '@bookshelf/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { fxRates, userPreferences } from '../../db/schema/index.js';
import type { DayRates } from './ecb-rates.js';

/**
 * Units of `currency` for one euro on or before `day`; before the first stored day, the first one (an old
 * purchase still converts at a real rate, the nearest known). Null when the currency has no stored rate.
 */
function perEuroSql(currency: SQL, day: SQL): SQL {
  return sql`(case when ${currency} = 'EUR' and exists (select 1 from fx_rates) then 1::numeric else coalesce(
    (select r.per_euro from fx_rates r where r.currency = ${currency} and r.day <= ${day} order by r.day desc limit 1),
    (select r.per_euro from fx_rates r where r.currency = ${currency} order by r.day asc limit 1)) end)`;
}

/**
 * For each distinct `day` of the query `days` (a column `day` of dates), `latest`: the latest day with stored
 * rates on or before it, null when there is none. Why set-based: rateSql looks that day up once per (currency,
 * day) it is asked for, and purchases spread over years make nearly as many days as books (bench/analytics);
 * this finds them all in one ordered pass over the days asked and the days stored. No currency has a row after
 * `latest` and on or before `day`, so a currency's rate stored on `latest` is exactly the one rateSql uses for
 * `day` (the euro's being 1 once any rate is stored); a currency missing on `latest`, or a day before the first
 * stored one (`latest` null), must still ask rateSql.
 */
export function latestRatesDaySql(days: SQL): SQL {
  return sql`select day, latest from (select day, k,
      max(stored) over (order by day, k rows unbounded preceding) as latest
    from (select distinct day, 1 as k, null::date as stored from (${days}) as a
      union all select day, 0, day from (select distinct day from fx_rates) as f) as u) as v where k = 1`;
}

/**
 * The fixed rate from the currency in `currency` into `to` (contract's fixedRate: every pair crossed through
 * INR), written out as literals so that SQL multiplies by the very numbers the web does; null for a currency
 * the app does not know.
 */
function fixedRateSql(currency: SQL, to: string): SQL {
  const cases = DISPLAY_CURRENCIES.map(
    (code) => sql`when ${code} then ${sql.raw(fixedRate(code, to)!.toFixed(RATE_DECIMALS))}::numeric`,
  );
  return sql`(case ${currency} ${sql.join(cases, sql` `)} else null end)`;
}

/** A rate as every conversion uses it: RATE_DECIMALS decimals (contract's roundRate). */
export const roundedRateSql = (rate: SQL): SQL => sql`round(${rate}, ${sql.raw(String(RATE_DECIMALS))})`;

/**
 * `amount` × `rate` in cents, half away from zero: the contract's convertAmount, applied to each book before
 * any sum (issue 27: one rounding rule, so every screen's parts add up to its totals).
 */
export const convertedSql = (amount: SQL, rate: SQL): SQL => sql`round(${amount} * ${rate}, 2)`;

/**
 * Exchange rates for conversions (issue 13, decision 047): the European Central Bank's reference rates once
 * the rates job stored some (FX_RATES_URL), otherwise the fixed tables of core.md §9. Conversions in SQL
 * (analytics, the wishlist's value) and in code (the price label's rates) go through here, so both agree.
 */
export function createExchangeRates(db: Database, now: () => Date = () => new Date()) {
  const today = () => now().toISOString().slice(0, 10);

  /**
   * The rate from the currency in the text expression `from` to `to`, on the date expression `day` (the rate
   * of that day, or the latest before it) or today when null, to RATE_DECIMALS decimals. Stored rates first,
   * crossed through the euro; without them, or for a currency the bank does not publish, the fixed table
   * crossed through INR. Never 1 unless the currencies are the same.
   */
  function rateSql(from: SQL, to: string, day: SQL | null = null): SQL {
    const on = day ?? sql`${today()}::date`;
    const target = sql`${to}::text`;
    return roundedRateSql(sql`coalesce(
      ${perEuroSql(target, on)} / nullif(${perEuroSql(from, on)}, 0),
      ${fixedRateSql(from, to)})`);
  }

  async function source(): Promise<{ source: RateSource; latest: string | null }> {
    const [row] = rowsOf<{ latest: string | null }>(
      await db.execute(sql`select max(day)::text as latest from fx_rates`),
    );
    const latest = row?.latest ?? null;
    return { source: latest ? 'ecb' : 'fixed', latest };
  }

  return {
    rateSql,
    source,

    /** One unit of each display currency in `base`, on `day` (today when absent), for the price label. */
    async ratesFor(base: DisplayCurrency, day?: string): Promise<Rates> {
      const on = day ?? today();
      const { source: kind } = await source();
      if (kind === 'fixed') {
        // The very table rateSql writes into every sum, so a label and a total agree to the cent.
        return { base, source: 'fixed', date: null, rates: fixedRatesInto(base) };
      }
      const codes = sql.join(
        DISPLAY_CURRENCIES.map((code) => sql`(${code}::text)`),
        sql`, `,
      );
      const rows = rowsOf<{ code: string; rate: string }>(
        await db.execute(
          sql`select c.code, (${rateSql(sql`c.code`, base, sql`${on}::date`)})::text as rate from (values ${codes}) as c(code)`,
        ),
      );
      const [dated] = rowsOf<{ date: string | null }>(
        await db.execute(
          sql`select coalesce(max(day), min(day))::text as date from fx_rates where day <= ${on}::date or day = (select min(day) from fx_rates)`,
        ),
      );
      const rates = Object.fromEntries(rows.map((r) => [r.code, Number(r.rate)]));
      return { base, source: 'ecb', date: dated?.date ?? null, rates: rates as Rates['rates'] };
    },

    /** The base currency a reader chose, INR until they (or their browser's guess) did. */
    async baseCurrencyOf(userId: string): Promise<DisplayCurrency> {
      const [row] = await db
        .select({ base: userPreferences.baseCurrency })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return (row?.base as DisplayCurrency | null | undefined) ?? DEFAULT_BASE_CURRENCY;
    },
  };
}

export type ExchangeRates = ReturnType<typeof createExchangeRates>;

const STORE_CHUNK = 1_000;

/**
 * Keeps the days of `days` not stored yet; a day is published once and never revised, so a stored day is
 * left alone. Answers how many days were added.
 */
export async function storeDayRates(db: Database, days: readonly DayRates[]): Promise<number> {
  const stored = new Set(
    rowsOf<{ day: string }>(await db.execute(sql`select distinct day::text as day from fx_rates`)).map((r) => r.day),
  );
  const fresh = days.filter((d) => !stored.has(d.day));
  const rows = fresh.flatMap((d) =>
    Object.entries(d.perEuro).map(([currency, perEuro]) => ({ currency, day: d.day, perEuro: String(perEuro) })),
  );
  for (let i = 0; i < rows.length; i += STORE_CHUNK) {
    await db
      .insert(fxRates)
      .values(rows.slice(i, i + STORE_CHUNK))
      .onConflictDoNothing();
  }
  return fresh.length;
}
