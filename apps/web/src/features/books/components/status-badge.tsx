import { BOOK_STATUS_LABELS, type BookStatus } from '@bookshelf/contract';

const STATUS_COLOURS: Record<BookStatus, string> = {
  owned: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  wishlist: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200',
  reading: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  read: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  lent: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
};

export function StatusBadge({ status }: { status: BookStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}>
      {BOOK_STATUS_LABELS[status]}
    </span>
  );
}
