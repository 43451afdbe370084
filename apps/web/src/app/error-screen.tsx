import { useNavigate } from 'react-router';

/** The spec's crash screen (core.md §2, §8): Something went wrong, what happened, Try Again and Go Home. */
export function ErrorScreen() {
  const navigate = useNavigate();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-gray-600 dark:text-gray-400">
        We encountered an unexpected error. This has been logged and we&apos;ll look into it.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700 dark:bg-gray-100 dark:text-gray-900"
        >
          Try Again
        </button>
        <button
          type="button"
          onClick={() => void navigate('/')}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Go Home
        </button>
      </div>
    </div>
  );
}
