import {
  AnalyticsMessages,
  formatMoney,
  type LibraryValue,
  type MoneyDisplay,
  type PricedBook,
  type Spending,
} from '@bookshelf/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing, secondaryButton } from '../../../components/ui/button-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { errorMessage } from '../../../lib/error-message';
import { withOrigin } from '../../../lib/use-origin';
import { bookDetailsPath, LIBRARY_PATH } from '../../books/public';
import { useLibraryValue } from '../api/use-library-value';
import { useSpending } from '../api/use-spending';
import { BarChart, type ChartRow } from '../components/bar-chart';
import { MonthChart } from '../components/month-chart';
import { RatesNote } from '../components/rates-note';
import { ValueBreakdown } from '../components/value-breakdown';
import { useAnalyticsMoney } from '../lib/base-currency';
import { SPENDING_PATH } from '../lib/spending-routes';

const card = 'rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';
const link = `rounded font-medium text-indigo-600 hover:underline dark:text-indigo-400 ${focusRing}`;
/** Back on Book Details returns here. */
const ORIGIN = withOrigin(SPENDING_PATH, 'Spending');

const rowsOf = (record: Record<string, number>): ChartRow[] =>
  Object.entries(record).map(([label, value]) => ({ label, value }));

function Stat({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className={card}>
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 truncate text-sm text-gray-600 dark:text-gray-400">{detail}</dd>}
    </div>
  );
}

interface BookStatProps {
  label: string;
  book: PricedBook | null;
  base: string;
  display: MoneyDisplay;
}

function BookStat({ label, book, base, display }: BookStatProps) {
  if (!book) return null;
  return (
    <Stat
      label={label}
      value={formatMoney(book.convertedAmount, base, display)}
      detail={
        <>
          <Link to={bookDetailsPath(book.id)} state={ORIGIN} className={link}>
            {book.title}
          </Link>{' '}
          ({formatMoney(book.price, book.currency, display)})
        </>
      }
    />
  );
}

function SpendingReport({
  spending,
  value,
  display,
}: {
  spending: Spending;
  value: LibraryValue;
  display: MoneyDisplay;
}) {
  const base = spending.baseCurrency;
  const format = (amount: number) => formatMoney(amount, base, display);
  return (
    <>
      <RatesNote baseCurrency={base} source={spending.ratesSource} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat label="Total spent" value={format(spending.totalSpent)} />
        <Stat label="Average book price" value={format(spending.averageBookPrice)} />
        <Stat label="Books counted" value={String(spending.bookCount)} detail="Owned books with purchase information" />
        <BookStat label="Most expensive" book={spending.mostExpensiveBook} base={base} display={display} />
        <BookStat label="Cheapest" book={spending.cheapestBook} base={base} display={display} />
      </dl>

      <div className={card}>
        <MonthChart byMonth={spending.spendingByMonth} format={format} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {(
          [
            ['Platform', spending.spendingByPlatform],
            ['Genre', spending.spendingByGenre],
          ] as const
        ).map(([by, record]) => (
          <div key={by} className={card}>
            <BarChart
              title={`Spending by ${by.toLowerCase()}`}
              labelHeader={by}
              rows={rowsOf(record)}
              format={format}
            />
          </div>
        ))}
      </div>

      <section aria-labelledby="by-currency-title" className={card}>
        <h2 id="by-currency-title" className="mb-3 text-base font-semibold">
          Totals by currency (as paid)
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {Object.entries(spending.totalSpentByCurrency).map(([currency, amount]) => (
            <li key={currency}>
              <span className="text-gray-600 dark:text-gray-400">{currency}</span>{' '}
              <span className="font-semibold tabular-nums">{formatMoney(amount, currency, display)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="value-title" className={`${card} space-y-3`}>
        <h2 id="value-title" className="text-lg font-semibold">
          Library value
        </h2>
        <p className="text-3xl font-bold tabular-nums">{formatMoney(value.totalInBaseCurrency, base, display)}</p>
        <RatesNote baseCurrency={value.baseCurrency} source={value.ratesSource} date={value.conversionDate} />
        <ValueBreakdown value={value} display={display} />
      </section>
    </>
  );
}

function Loading() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading spending…</span>
      <div aria-hidden className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-gray-100 dark:bg-gray-800" />
        ))}
      </div>
      <div aria-hidden className="h-56 animate-pulse rounded-xl bg-gray-100 dark:bg-gray-800" />
    </div>
  );
}

function NoPurchases() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center dark:border-gray-700">
      <p className="text-lg font-semibold">{AnalyticsMessages.empty}</p>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{AnalyticsMessages.emptyHint}</p>
      <Link to={LIBRARY_PATH} className={`${link} mt-3 inline-block`}>
        Go to library
      </Link>
    </div>
  );
}

/**
 * Spending and library value (issue 13): totals, the dearest and cheapest book, spending by month, platform and
 * genre, and what the library is worth per currency, all in the reader's base currency.
 */
export function SpendingPage() {
  const { baseCurrency, display, settled } = useAnalyticsMoney();
  const spending = useSpending(baseCurrency, settled);
  const value = useLibraryValue(baseCurrency, settled);
  const error = spending.error ?? value.error;

  let body: ReactNode;
  if (error) {
    body = (
      <ErrorBox
        message={`Could not load your spending. ${errorMessage(error)}`}
        action={
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              if (spending.isError) void spending.refetch();
              if (value.isError) void value.refetch();
            }}
          >
            Retry
          </button>
        }
      />
    );
  } else if (!spending.data || !value.data) {
    body = <Loading />;
  } else if (spending.data.bookCount === 0) {
    body = <NoPurchases />;
  } else {
    body = <SpendingReport spending={spending.data} value={value.data} display={display} />;
  }

  return (
    <section aria-labelledby="spending-title" data-tab="spending" className="space-y-6">
      <div>
        <h1 id="spending-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Spending
        </h1>
        <p className="mt-1 text-gray-600 dark:text-gray-400">
          What your books cost and what your library is worth. Wishlist books are not counted.
        </p>
      </div>
      {body}
    </section>
  );
}
