import type { BookStatus } from '@bookshelf/contract';
import { useDashboardFacets } from '../api/use-dashboard-books';
import { RetryError } from './retry-error';

const CARDS: readonly [label: string, status: BookStatus | null][] = [
  ['Total', null],
  ['Reading', 'reading'],
  ['Read', 'read'],
  ['Owned', 'owned'],
  ['Wishlist', 'wishlist'],
  ['Lent', 'lent'],
];

const card = 'rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900';

/** The library at a glance: how many books in all and in each status (GET /api/books/facets). */
export function StatusCounts() {
  const { data, error, refetch } = useDashboardFacets();
  if (error && !data) return <RetryError what="your book counts" error={error} onRetry={() => void refetch()} />;
  return (
    <ul aria-label="Books by status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {CARDS.map(([label, status]) => {
        const count = status ? (data?.status.find((s) => s.value === status)?.count ?? 0) : data?.total;
        return (
          <li key={label} className={card}>
            <p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
            {data ? (
              <p className="mt-1 text-2xl font-bold tabular-nums">{count}</p>
            ) : (
              <p aria-hidden className="mt-2 h-7 w-10 animate-pulse rounded bg-gray-100 dark:bg-gray-800" />
            )}
          </li>
        );
      })}
    </ul>
  );
}
