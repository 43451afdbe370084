import type { Me } from '@bookshelf/contract';
import { Settings, Target } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { focusRing, primaryButton } from '../../../components/ui/button-styles';
import { cappedPercent, ProgressBar } from '../../../components/ui/progress-bar';
import { useDashboardFacets } from '../api/use-dashboard-books';
import { BookListCard } from '../components/book-list-card';
import { LibraryValueCard } from '../components/library-value-card';
import { StatusCounts } from '../components/status-counts';
import { ADD_BOOK_SEARCH, LIBRARY_PATH } from '../../books/public';
import { settingsTabPath } from '../../settings/public';
import { loadWithRetry } from '../../../lib/lazy-retry';

// Only a library without a book shows it (once per reader, usually), so returning readers never download it.
const FirstRun = lazy(() =>
  loadWithRetry(() => import('../components/first-run')).then((m) => ({ default: m.FirstRun })),
);

interface DashboardPageProps {
  me: Me;
  booksRead: number;
}

const link = `rounded font-medium text-indigo-600 hover:underline dark:text-indigo-400 ${focusRing}`;
// Only the search changes: the Add Book dialog opens over the dashboard.
const addBook = (
  <Link to={{ search: ADD_BOOK_SEARCH }} className={link}>
    Add Book
  </Link>
);
const goToLibrary = (
  <Link to={LIBRARY_PATH} className={link}>
    Go to library
  </Link>
);

/** The signed-in home (spec core.md §2): counts by status, what is being read, what was added, the goal. */
export function DashboardPage({ me, booksRead }: DashboardPageProps) {
  const facets = useDashboardFacets();
  // Not a single book yet: a new reader, greeted as one and shown how to begin rather than six zeros.
  const firstRun = facets.data?.total === 0;
  return (
    <section aria-labelledby="dashboard-title" data-tab="dashboard" className="space-y-6">
      <div>
        <h1 id="dashboard-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Dashboard
        </h1>
        {/* Held empty (its height kept) until the counts say which greeting is true. */}
        <p className="mt-1 min-h-6 text-gray-600 dark:text-gray-400">
          {facets.isPending ? '' : firstRun ? `Welcome, ${me.name}!` : `Welcome back, ${me.name}!`}
        </p>
      </div>
      {firstRun ? (
        <Suspense fallback={<div aria-busy="true" className="min-h-64" />}>
          <FirstRun />
        </Suspense>
      ) : (
        <LibraryOverview goal={me.readingGoal} booksRead={booksRead} />
      )}
    </section>
  );
}

/** The dashboard of a library with books: counts, what is being read, what was added, the goal. */
function LibraryOverview({ goal, booksRead }: { goal: number; booksRead: number }) {
  // A goal is always for the current year, whatever year the spec's example shows.
  const year = new Date().getFullYear();
  return (
    <>
      <StatusCounts />

      <div className="grid gap-6 lg:grid-cols-2">
        <BookListCard
          id="reading-title"
          title="Currently Reading"
          query={{ status: 'reading', limit: 5, sort: 'dateAdded' }}
          empty={<p>You are not reading anything right now. {goToLibrary}</p>}
        />
        <BookListCard
          id="recent-title"
          title="Recently Added"
          query={{ limit: 5, sort: 'dateAdded', order: 'desc' }}
          empty={
            <p className="flex flex-wrap gap-x-3">
              No books yet. {addBook} {goToLibrary}
            </p>
          }
        />
      </div>

      <div
        aria-labelledby="goal-title"
        role="region"
        className="max-w-xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 id="goal-title" className="flex items-center gap-2 text-lg font-semibold">
          <Target aria-hidden className="size-5 text-indigo-600 dark:text-indigo-400" />
          Reading Goal {year}
        </h2>
        <p className="mt-2 text-3xl font-bold tabular-nums">
          {booksRead} <span className="text-base font-normal text-gray-500 dark:text-gray-400">/ {goal} books</span>
        </p>
        <ProgressBar
          value={booksRead}
          max={goal}
          label={`Reading Goal ${year}`}
          valueText={`${booksRead} of ${goal} books`}
          className="mt-3"
        />
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          {cappedPercent(booksRead, goal)}% of your goal for {year}
        </p>
        <Link to={settingsTabPath('reading-goal')} className={`${primaryButton} mt-4`}>
          <Settings aria-hidden className="size-4" />
          Go to Settings
        </Link>
      </div>

      <LibraryValueCard />
    </>
  );
}
