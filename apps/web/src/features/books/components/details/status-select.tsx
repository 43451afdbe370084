import { BOOK_STATUS_LABELS, BOOK_STATUSES, type BookStatus } from '@bookshelf/contract';
import { compactSelectClass } from '../../../../components/ui/form-styles';
import { formatDate } from './format';

interface StatusSelectProps {
  status: BookStatus;
  dateRead: string | null;
  disabled?: boolean;
  onChange: (status: BookStatus) => void;
}

/** Changes the status in place; the server sets or clears dateRead, and "Read on" shows its answer. */
export function StatusSelect({ status, dateRead, disabled = false, onChange }: StatusSelectProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor="book-status" className="text-sm font-medium">
        Status
      </label>
      <select
        id="book-status"
        value={status}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as BookStatus)}
        className={compactSelectClass}
      >
        {BOOK_STATUSES.map((value) => (
          <option key={value} value={value}>
            {BOOK_STATUS_LABELS[value]}
          </option>
        ))}
      </select>
      {dateRead && (
        <span className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          Read on {formatDate(dateRead)}
        </span>
      )}
    </div>
  );
}
