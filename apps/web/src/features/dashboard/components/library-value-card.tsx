import { AnalyticsMessages, formatMoney, MoneyMessages } from '@bookshelf/contract';
import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../../components/ui/button-styles';
import { SPENDING_PATH, useLibraryValue } from '../../analytics/public';
import { useMoneyPreferences } from '../../../lib/money/use-money-preferences';
import { RetryError } from './retry-error';

const TOP_CURRENCIES = 3;
const link = `rounded font-medium text-indigo-600 hover:underline dark:text-indigo-400 ${focusRing}`;

/**
 * The dashboard's Library value (issue 13): the total in the base currency, the largest currencies, and the
 * way to the Spending page. Text only, no chart: it is in the dashboard's first download (bench/bundle).
 * Counted in the reader's base currency and written their way (money settings, core.md §9).
 */
export function LibraryValueCard() {
  const { baseCurrency, showSymbols, showCodes, locale, settled } = useMoneyPreferences();
  const display = { showSymbols, showCodes, locale };
  // Asked only once the base currency is the reader's, so the first figure is already in it (issue 27).
  const { data, error, refetch } = useLibraryValue(baseCurrency, settled);
  let body: ReactNode;
  if (data && data.bookCount === 0) {
    body = (
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {AnalyticsMessages.empty}. Add purchase information to your books to see what your library is worth.
      </p>
    );
  } else if (data) {
    body = (
      <>
        <p className="text-3xl font-bold tabular-nums">
          {formatMoney(data.totalInBaseCurrency, data.baseCurrency, display)}
        </p>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {data.bookCount} {data.bookCount === 1 ? 'book' : 'books'}. {MoneyMessages.convertedTo(data.baseCurrency)}.
        </p>
        <ul aria-label="Largest currencies" className="mt-3 space-y-1 text-sm">
          {data.currencyBreakdown.slice(0, TOP_CURRENCIES).map((row) => (
            <li key={row.currency} className="flex justify-between gap-3 tabular-nums">
              <span>
                {row.currency}{' '}
                <span className="text-gray-600 dark:text-gray-400">
                  {formatMoney(row.amount, row.currency, display)}
                </span>
              </span>
              <span>{formatMoney(row.convertedAmount, data.baseCurrency, display)}</span>
            </li>
          ))}
        </ul>
      </>
    );
  } else if (error) {
    body = <RetryError what="library value" error={error} onRetry={() => void refetch()} />;
  } else {
    body = (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading…</span>
        <div aria-hidden className="h-9 w-40 animate-pulse rounded-md bg-gray-100 dark:bg-gray-800" />
        <div aria-hidden className="h-12 animate-pulse rounded-md bg-gray-100 dark:bg-gray-800" />
      </div>
    );
  }
  return (
    <section
      aria-labelledby="library-value-title"
      className="max-w-xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="library-value-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Wallet aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
        Library value
      </h2>
      {body}
      <Link to={SPENDING_PATH} className={`${link} mt-4 inline-block text-sm`}>
        View spending
      </Link>
    </section>
  );
}
