import { DISPLAY_CURRENCIES, NO_GENRE, type CurrencyValue, type PricedBook } from '@bookshelf/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  convertedSql,
  latestRatesDaySql,
  roundedRateSql,
  type ExchangeRates,
} from '../../platform/money/exchange-rates.js';

/**
 * The owner's purchases (core.md §9 "Value and spending"): books with a price, not deleted, not on the wishlist.
 * `day` is the purchase date, else the day the book was added (UTC), so that every purchase has a rate and a
 * month. A stored purchase date is a validated YYYY-MM-DD; the pattern only keeps an odd old row from failing
 * the whole query.
 */
function purchases(userId: string): SQL {
  return sql`select b.id, b.title, b.author,
      coalesce(nullif(btrim(b.genre), ''), ${NO_GENRE}) as genre,
      b.purchase_info->>'platform' as platform,
      b.purchase_info->>'currency' as currency,
      (b.purchase_info->>'price')::numeric as price,
      case when b.purchase_info->>'purchaseDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        then (b.purchase_info->>'purchaseDate')::date
        else (b.date_added at time zone 'UTC')::date end as day
    from books b
    where b.user_id = ${userId} and b.deleted_at is null and b.status <> 'wishlist'
      and jsonb_typeof(b.purchase_info->'price') = 'number'`;
}

/** A subquery's rows as one JSON object text, `key` → `value`, in `order`; `{}` when it has none. */
const objectOf = (rows: SQL, key: string, value: string, order: string) =>
  sql`(select coalesce(json_object_agg(${sql.raw(key)}, ${sql.raw(value)} order by ${sql.raw(order)}), '{}'::json)::text from (${rows}) as x)`;

/** The first row of `c` in `order` as a PricedBook's JSON text, null when there is none. */
const bookBy = (order: string) =>
  sql`(select row_to_json(x)::text from (select id, title, author, price, currency,
      round(converted, 2) as "convertedAmount" from c order by ${sql.raw(order)} limit 1) as x)`;

export interface SpendingRow {
  bookCount: number;
  totalSpent: string;
  averageBookPrice: string;
  byCurrency: string;
  byPlatform: string;
  byGenre: string;
  byMonth: string;
  mostExpensive: string | null;
  cheapest: string | null;
}

export interface ValueRow {
  currency: string;
  amount: string;
  count: number;
  rate: string;
  convertedAmount: string;
  total: string;
}

/**
 * The analytics queries (issue 13, decision 046). Each reads the owner's books once and aggregates in the
 * database. Rates are found once per currency (value) or per currency and purchase day (spending), not per
 * book, and each book is then multiplied by its pair's rate in a hash join (`r` is materialized, or the
 * planner folds the lookups back into the join, once per book). Purchases spread over years make nearly as
 * many (currency, day) pairs as books (bench/analytics), so spending does not ask rateSql for each pair:
 *  - without stored rates a rate is the same on every day: one pair per currency (`rate_day` -infinity);
 *  - with them, `s` finds the latest stored day on or before each purchase day in one ordered pass
 *    (latestRatesDaySql), and the rates of both currencies on that day are read by key (the base currency's
 *    once per day): exactly rateSql's rate; any other pair (a currency missing on that day, a day before the
 *    first stored) still asks rateSql.
 * Money stays numeric until the JSON is written. Each book is converted to cents first (convertedSql, the
 * contract's convertAmount) and every figure adds those cents, so the parts a screen shows add up to its
 * totals and a book's figure is the one its own page shows (issue 27).
 */
export function createAnalyticsRepository(db: Database, rates: ExchangeRates) {
  return {
    async spending(userId: string, base: string): Promise<SpendingRow> {
      const [row] = rowsOf<SpendingRow>(
        await db.execute(sql`with p as materialized (select x.*,
                case when exists (select 1 from fx_rates) then x.day else '-infinity'::date end as rate_day
                from (${purchases(userId)}) as x),
          s as materialized (select w.day, w.latest,
                  case when ${base}::text = 'EUR' and w.latest is not null then 1 else t.per_euro end as to_euro
                from (${latestRatesDaySql(sql`select rate_day as day from p`)}) as w
                  left join fx_rates t on t.currency = ${base}::text and t.day = w.latest),
          r as materialized (select j.currency, j.rate_day, case when j.from_euro <> 0 and j.to_euro is not null
                  then ${roundedRateSql(sql`j.to_euro / j.from_euro`)} else ${rates.rateSql(sql`j.currency`, base, sql`j.rate_day`)} end as rate
                from (select d.currency, d.rate_day, s.to_euro,
                    case when d.currency = 'EUR' and s.latest is not null then 1 else f.per_euro end as from_euro
                  from (select distinct currency, rate_day from p) as d join s on s.day = d.rate_day
                    left join fx_rates f on f.currency = d.currency and f.day = s.latest) as j),
          c as materialized (select p.*, ${convertedSql(sql`p.price`, sql`r.rate`)} as converted,
                  to_char(p.day, 'YYYY-MM') as month
                from p join r on r.currency = p.currency and r.rate_day = p.rate_day)
          select
            (select count(*) from c)::int as "bookCount",
            (select coalesce(round(sum(converted), 2), 0) from c)::text as "totalSpent",
            (select coalesce(round(avg(converted), 2), 0) from c)::text as "averageBookPrice",
            ${objectOf(sql`select currency, round(sum(price), 2) as amount from c group by currency`, 'currency', 'amount', 'currency')} as "byCurrency",
            ${objectOf(sql`select platform, sum(converted) as exact from c group by platform`, 'platform', 'round(exact, 2)', 'exact desc, platform')} as "byPlatform",
            ${objectOf(sql`select genre, sum(converted) as exact from c group by genre`, 'genre', 'round(exact, 2)', 'exact desc, genre')} as "byGenre",
            ${objectOf(sql`select month, round(sum(converted), 2) as amount from c group by month`, 'month', 'amount', 'month')} as "byMonth",
            ${bookBy('converted desc, title, id')} as "mostExpensive",
            ${bookBy('price = 0, converted, title, id')} as "cheapest"`),
      );
      return row!;
    },

    /**
     * One row per currency paid in, largest converted amount first: each book converted to cents at today's
     * rate, then added; `total` adds every row's. The rates of the ten display currencies are found first (no
     * pass over the books needed for that), so the books are read once, in the aggregate.
     */
    async value(userId: string, base: string): Promise<ValueRow[]> {
      return rowsOf<ValueRow>(
        await db.execute(sql`with r as materialized (select c.currency, ${rates.rateSql(sql`c.currency`, base, null)} as rate
                from (values ${sql.join(
                  DISPLAY_CURRENCIES.map((code) => sql`(${code}::text)`),
                  sql`, `,
                )}) as c(currency)),
          g as (select p.currency, r.rate, sum(p.price) as amount, count(*)::int as count,
                  sum(${convertedSql(sql`p.price`, sql`r.rate`)}) as converted
                from (${purchases(userId)}) as p join r on r.currency = p.currency
                group by p.currency, r.rate)
          select currency, amount::text as amount, count, rate::text as rate,
            converted::text as "convertedAmount", (sum(converted) over ())::text as total
          from g order by converted desc, currency`),
      );
    },

    /** The publication day of the stored rates in force on `today` (the first stored when all are later). */
    async ratesDayOn(today: string): Promise<string | null> {
      const [row] = rowsOf<{ day: string | null }>(
        await db.execute(sql`select coalesce((select max(day) from fx_rates where day <= ${today}::date),
            (select min(day) from fx_rates))::text as day`),
      );
      return row?.day ?? null;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

export const parsePricedBook = (json: string | null): PricedBook | null => {
  if (json === null) return null;
  const book = JSON.parse(json) as PricedBook;
  return { ...book, price: Number(book.price), convertedAmount: Number(book.convertedAmount) };
};

export const toCurrencyValue = (row: ValueRow): CurrencyValue => ({
  currency: row.currency,
  amount: Number(row.amount),
  convertedAmount: Number(row.convertedAmount),
  rate: Number(row.rate),
  count: row.count,
});
