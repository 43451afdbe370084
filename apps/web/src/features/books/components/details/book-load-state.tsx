import { Link } from 'react-router';
import { ErrorBox } from '../../../../components/ui/error-box';
import { smallButtonClass } from '../../../../components/ui/form-styles';
import { ApiRequestError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';

/** The page's shape in grey while the book loads, so nothing jumps when it arrives. */
export function BookSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-[12rem_1fr]">
      <span className="sr-only">Loading book…</span>
      <div aria-hidden className="aspect-[2/3] w-40 animate-pulse rounded-md bg-gray-100 md:w-full dark:bg-gray-800" />
      <div aria-hidden className="space-y-3">
        <div className="h-8 w-2/3 animate-pulse rounded bg-gray-100 dark:bg-gray-800" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-gray-100 dark:bg-gray-800" />
        <div className="h-32 animate-pulse rounded bg-gray-100 dark:bg-gray-800" />
      </div>
    </div>
  );
}

/** Gone, someone else's (404), or an address whose id is no book id at all (400 on params.id). */
const isMissingBook = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.status === 404 || (error.status === 400 && error.issues.some((issue) => issue.path === 'params.id')));

/** A book that is not there (deleted, or someone else's) or a load that failed, with a way on. */
export function BookLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isMissingBook(error)) {
    return (
      <div className="rounded-xl border border-gray-200 p-8 text-center dark:border-gray-800">
        <h1 className="text-xl font-semibold">Book not found</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">It may have been deleted, or the link is wrong.</p>
        <Link
          to="/books"
          className="mt-4 inline-block font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          Go to your library
        </Link>
      </div>
    );
  }
  return (
    <ErrorBox
      message={errorMessage(error)}
      action={
        <button type="button" className={smallButtonClass} onClick={onRetry}>
          Retry
        </button>
      }
    />
  );
}
