import { BOOK_STATUS_LABELS, BOOK_STATUSES, type BookStatus } from '@bookshelf/contract';
import { Tag, Tags, Trash2, X } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';

interface SelectionBarProps {
  count: number;
  busy: boolean;
  onStatus: (status: BookStatus) => void;
  onAddTag: () => void;
  onRemoveTag: () => void;
  onDelete: () => void;
  onClear: () => void;
}

const actionClass = `inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100 disabled:opacity-50 dark:text-gray-200 dark:hover:bg-gray-800 ${focusRing}`;

/** "{n} selected" with the bulk actions; it stays in view at the bottom while the reader scrolls. */
export function SelectionBar({ count, busy, onStatus, onAddTag, onRemoveTag, onDelete, onClear }: SelectionBarProps) {
  return (
    <div
      role="region"
      aria-label="Selected books"
      className="sticky bottom-3 z-20 mx-auto flex w-full max-w-3xl flex-wrap items-center gap-1 rounded-xl border border-gray-200 bg-white p-2 shadow-lg sm:gap-2 dark:border-gray-700 dark:bg-gray-900"
    >
      <p aria-live="polite" className="px-2 text-sm font-semibold whitespace-nowrap">
        {count} selected
      </p>
      <select
        aria-label="Change status"
        value=""
        disabled={busy}
        onChange={(event) => {
          const status = event.target.value as BookStatus | '';
          if (status) onStatus(status);
        }}
        className={`h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 disabled:opacity-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 ${focusRing}`}
      >
        <option value="">Set status…</option>
        {BOOK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {BOOK_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <button type="button" onClick={onAddTag} disabled={busy} className={actionClass}>
        <Tag aria-hidden className="size-4" />
        Add tag
      </button>
      <button type="button" onClick={onRemoveTag} disabled={busy} className={actionClass}>
        <Tags aria-hidden className="size-4" />
        Remove tag
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={busy}
        className={`${actionClass} text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50`}
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
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
