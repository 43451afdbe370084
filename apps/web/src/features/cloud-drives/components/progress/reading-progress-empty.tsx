import { BookOpen, FolderOpen } from 'lucide-react';
import { primaryButton } from '../../../../components/ui/button-styles';

/** The Reading Progress tab until reading is tracked (next issue): core.md §2's empty state. */
export function ReadingProgressEmpty({ onBrowse }: { onBrowse: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-16 text-center dark:border-gray-700">
      <BookOpen aria-hidden className="size-12 text-indigo-500 dark:text-indigo-400" />
      <h2 className="text-lg font-semibold">Start Your Reading Journey</h2>
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
