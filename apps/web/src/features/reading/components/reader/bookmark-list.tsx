import type { Bookmark } from '@bookshelf/contract';
import { Trash2, X } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';
import { barClass, toolButton } from './reader-styles';

interface BookmarkListProps {
  id: string;
  bookmarks: readonly Bookmark[];
  loading: boolean;
  currentPage: number;
  onJump: (bookmark: Bookmark) => void;
  onRemove: (bookmark: Bookmark) => void;
  onClose: () => void;
}

/** The bookmark list (core.md §2): Page n and the note; a click jumps there; a remove button per bookmark. */
export function BookmarkList({ id, bookmarks, loading, currentPage, onJump, onRemove, onClose }: BookmarkListProps) {
  return (
    <aside
      id={id}
      aria-label="Bookmarks"
      className={`absolute inset-y-0 right-0 z-10 flex w-full max-w-xs flex-col border-l shadow-lg ${barClass}`}
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-3 py-2 dark:border-gray-800">
        <h3 className="text-sm font-semibold">Bookmarks</h3>
        <button type="button" onClick={onClose} aria-label="Close bookmarks" className={toolButton}>
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {bookmarks.length === 0 ? (
        <p className="px-3 py-4 text-sm text-gray-600 dark:text-gray-400">
          {loading ? 'Loading bookmarks…' : 'No bookmarks yet. Press b to bookmark this page.'}
        </p>
      ) : (
        <ul className="flex-1 divide-y divide-gray-200 overflow-y-auto dark:divide-gray-800">
          {bookmarks.map((bookmark) => (
            <li key={bookmark.id} className="flex items-start gap-1 px-2 py-1">
              <button
                type="button"
                onClick={() => onJump(bookmark)}
                aria-current={bookmark.pageNumber === currentPage ? 'page' : undefined}
                className={`min-w-0 flex-1 rounded-md px-2 py-1.5 text-left hover:bg-gray-100 aria-[current=page]:bg-indigo-50 dark:hover:bg-gray-800 dark:aria-[current=page]:bg-indigo-950 ${focusRing}`}
              >
                <span className="block text-sm font-medium">Page {bookmark.pageNumber}</span>
                {bookmark.note && (
                  <span className="block text-sm break-words whitespace-pre-line text-gray-600 dark:text-gray-400">
                    {bookmark.note}
                  </span>
                )}
              </button>
              <button
                type="button"
                onClick={() => onRemove(bookmark)}
                aria-label={`Remove bookmark on page ${bookmark.pageNumber}`}
                title="Remove bookmark"
                className={toolButton}
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
