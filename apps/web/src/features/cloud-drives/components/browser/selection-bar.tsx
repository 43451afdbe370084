import { Star, StarOff, Tag, X } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';

interface SelectionBarProps {
  count: number;
  busy: boolean;
  onFavorite: () => void;
  onUnfavorite: () => void;
  onAddTag: () => void;
  onClear: () => void;
}

const actionClass = `inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100 disabled:opacity-50 dark:text-gray-200 dark:hover:bg-gray-800 ${focusRing}`;

/** core.md §2: "{n} files selected" with Favorite, Unfavorite, Add Tag and clear; stays in view while scrolling. */
export function SelectionBar({ count, busy, onFavorite, onUnfavorite, onAddTag, onClear }: SelectionBarProps) {
  return (
    <div
      role="region"
      aria-label="Selected files"
      className="sticky bottom-3 z-20 mx-auto flex w-full max-w-2xl flex-wrap items-center gap-1 rounded-xl border border-gray-200 bg-white p-2 shadow-lg sm:gap-2 dark:border-gray-700 dark:bg-gray-900"
    >
      <p aria-live="polite" className="px-2 text-sm font-semibold whitespace-nowrap">
        {count === 1 ? '1 file selected' : `${count} files selected`}
      </p>
      <button type="button" onClick={onFavorite} disabled={busy} className={actionClass}>
        <Star aria-hidden className="size-4" />
        Favorite
      </button>
      <button type="button" onClick={onUnfavorite} disabled={busy} className={actionClass}>
        <StarOff aria-hidden className="size-4" />
        Unfavorite
      </button>
      <button type="button" onClick={onAddTag} disabled={busy} className={actionClass}>
        <Tag aria-hidden className="size-4" />
        Add Tag
      </button>
      <button
        type="button"
        onClick={onClear}
        aria-label="Clear selection"
        title="Clear selection (Esc)"
        className={`${actionClass} ml-auto`}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
