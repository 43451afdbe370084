import { Library, Plus, SearchX, Sparkles } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../../../components/ui/button-styles';

const boxClass =
  'flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-white px-4 py-12 text-center dark:border-gray-700 dark:bg-gray-900';

/** No books at all yet: add one, or load the spec's sample library to look around. */
export function EmptyLibrary({
  onAdd,
  onLoadSample,
  loading,
}: {
  onAdd: () => void;
  onLoadSample: () => void;
  loading: boolean;
}) {
  return (
    <div className={boxClass}>
      <Library aria-hidden className="size-10 text-indigo-500 dark:text-indigo-400" />
      <h2 className="mt-3 text-lg font-semibold">Your library is empty</h2>
      <p className="mt-1 max-w-sm text-sm text-gray-600 dark:text-gray-400">
        Add your first book, or load a sample library of 23 books to see how Bookshelf works.
      </p>
      <div className="mt-5 flex w-full flex-col justify-center gap-2 sm:w-auto sm:flex-row">
        <button type="button" onClick={onAdd} className={primaryButton}>
          <Plus aria-hidden className="size-4" />
          Add Book
        </button>
        <button type="button" onClick={onLoadSample} disabled={loading} className={secondaryButton}>
          <Sparkles aria-hidden className="size-4" />
          {loading ? 'Loading sample library...' : 'Load sample library'}
        </button>
      </div>
    </div>
  );
}

/** The search and filters match nothing. */
export function NoResults({ onClear }: { onClear: () => void }) {
  return (
    <div className={boxClass}>
      <SearchX aria-hidden className="size-10 text-gray-400 dark:text-gray-500" />
      <h2 className="mt-3 text-lg font-semibold">No books found</h2>
      <p className="mt-1 max-w-sm text-sm text-gray-600 dark:text-gray-400">
        No books match your search or filters. Try adjusting them.
      </p>
      <button type="button" onClick={onClear} className={`${secondaryButton} mt-5`}>
        Clear filters
      </button>
    </div>
  );
}
