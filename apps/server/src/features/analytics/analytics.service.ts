import type { AnalyticsQuery, DisplayCurrency, LibraryValue, Spending } from '@bookshelf/contract';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import { parsePricedBook, toCurrencyValue, type AnalyticsRepository } from './analytics.repository.js';

/** A reader's analytics are theirs alone (issue 13): another reader's ask is answered as if there were none. */
const analyticsAccess: AccessPolicy<{ ownerId: string }> = {
  resource: (analytics) => ownedPrivately(analytics.ownerId),
  notFound: 'Analytics not found.',
};

const amounts = (json: string): Record<string, number> =>
  Object.fromEntries(
    Object.entries(JSON.parse(json) as Record<string, string | number>).map(([k, v]) => [k, Number(v)]),
  );

/** Library value and spending (core.md §3, §9) in the reader's base currency or the one asked for. */
export function createAnalyticsService({
  analytics,
  rates,
  access,
  now,
}: {
  analytics: AnalyticsRepository;
  rates: ExchangeRates;
  access: Access;
  now: () => Date;
}) {
  /**
   * The currency to count the owner's books in. Only the owner asks today; the access rule is where a reader
   * who may see another's analytics (a friend, later) would be let in.
   */
  async function baseFor(userId: string, ownerId: string, query: AnalyticsQuery): Promise<DisplayCurrency> {
    await access.requireVisible({ userId }, { ownerId }, analyticsAccess);
    return query.baseCurrency ?? (await rates.baseCurrencyOf(ownerId));
  }

  return {
    /** What the books cost, every currency converted at today's rates (the latest published on or before it). */
    async libraryValue(userId: string, query: AnalyticsQuery): Promise<LibraryValue> {
      const base = await baseFor(userId, userId, query);
      const today = now().toISOString().slice(0, 10);
      const rows = await analytics.value(userId, base);
      const ratesDay = await analytics.ratesDayOn(today);
      return {
        totalInBaseCurrency: Number(rows[0]?.total ?? 0),
        baseCurrency: base,
        currencyBreakdown: rows.map(toCurrencyValue),
        conversionDate: ratesDay ?? today,
        ratesSource: ratesDay ? 'ecb' : 'fixed',
        bookCount: rows.reduce((n, row) => n + row.count, 0),
      };
    },

    /** What was spent, each purchase converted at the rate of its own purchase day (core.md §9). */
    async spending(userId: string, query: AnalyticsQuery): Promise<Spending> {
      const base = await baseFor(userId, userId, query);
      const row = await analytics.spending(userId, base);
      const { source } = await rates.source();
      return {
        totalSpent: Number(row.totalSpent),
        totalSpentByCurrency: amounts(row.byCurrency),
        averageBookPrice: Number(row.averageBookPrice),
        spendingByPlatform: amounts(row.byPlatform),
        spendingByGenre: amounts(row.byGenre),
        spendingByMonth: amounts(row.byMonth),
        mostExpensiveBook: parsePricedBook(row.mostExpensive),
        cheapestBook: parsePricedBook(row.cheapest),
        baseCurrency: base,
        ratesSource: source,
        bookCount: row.bookCount,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
