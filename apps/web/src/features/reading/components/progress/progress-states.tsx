import { ReadingMessages } from '@bookshelf/contract';
import { BookOpen, CircleAlert, FolderOpen, RotateCw } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../../../components/ui/button-styles';

/** core.md §2: shown until the first reading session, with Browse Files to find a book. */
export function ProgressEmpty({ onBrowse }: { onBrowse: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
      <BookOpen aria-hidden className="size-12 text-indigo-500 dark:text-indigo-400" />
      <h3 className="text-lg font-semibold">{ReadingMessages.emptyTitle}</h3>
      <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">
        Open a book from your drives to start tracking your reading time, pages and streaks.
      </p>
      <button type="button" className={primaryButton} onClick={onBrowse}>
        <FolderOpen aria-hidden className="size-4" />
        Browse Files
      </button>
    </div>
  );
}

/** core.md §8: Failed to Load Reading Progress, with Retry. */
export function ProgressError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-12 text-center dark:border-red-900 dark:bg-red-950/40"
    >
      <CircleAlert aria-hidden className="size-10 text-red-600 dark:text-red-400" />
      <h3 className="text-lg font-semibold text-red-900 dark:text-red-100">
        {ReadingMessages.progressLoadFailedTitle}
      </h3>
      <p className="text-sm text-red-800 dark:text-red-200">{ReadingMessages.progressLoadFailed}</p>
      <button type="button" className={secondaryButton} onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        <RotateCw aria-hidden className={`size-4 ${retrying ? 'animate-spin motion-reduce:animate-none' : ''}`} />
        Retry
      </button>
    </div>
  );
}

const block = 'animate-pulse rounded-xl bg-gray-200 motion-reduce:animate-none dark:bg-gray-800';

/** The screen's shape while it loads, so nothing jumps when the figures arrive. */
export function ProgressSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Loading reading progress...</span>
      <div aria-hidden className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={`h-22 ${block}`} />
        ))}
      </div>
      <div aria-hidden className={`h-64 ${block}`} />
      <div aria-hidden className="grid gap-4 lg:grid-cols-2">
        <div className={`h-48 ${block}`} />
        <div className={`h-48 ${block}`} />
      </div>
    </div>
  );
}
