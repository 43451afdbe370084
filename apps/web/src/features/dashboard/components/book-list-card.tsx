import type { BookListQuery } from '@bookshelf/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withOrigin } from '../../../lib/use-origin';
import { useDashboardBooks } from '../api/use-dashboard-books';
import { RetryError } from './retry-error';
import { SmallCover } from './small-cover';
import { bookDetailsPath } from '../../books/public';

/** Back on Book Details returns here, to the Dashboard (core.md §2). */
const ORIGIN = withOrigin('/dashboard', 'Dashboard');

interface BookListCardProps {
  id: string;
  title: string;
  query: BookListQuery;
  /** What shows when the list is empty. */
  empty: ReactNode;
}

/** A titled card with a short list of books, each opening its details. */
export function BookListCard({ id, title, query, empty }: BookListCardProps) {
  const { data, error, refetch } = useDashboardBooks(query);
  let body: ReactNode;
  if (data) {
    body = data.items.length ? (
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {data.items.map((book) => (
          <li key={book.id}>
            <Link
              to={bookDetailsPath(book.id)}
              state={ORIGIN}
              className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-gray-800"
            >
              <SmallCover title={book.title} author={book.author} coverUrl={book.coverUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{book.title}</span>
                <span className="block truncate text-sm text-gray-600 dark:text-gray-400">{book.author}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    ) : (
      <div className="text-sm text-gray-600 dark:text-gray-400">{empty}</div>
    );
  } else if (error) {
    body = <RetryError what={title.toLowerCase()} error={error} onRetry={() => void refetch()} />;
  } else {
    body = (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading…</span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden className="h-16 animate-pulse rounded-md bg-gray-100 dark:bg-gray-800" />
        ))}
      </div>
    );
  }
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}
