import type { Book } from '@bookshelf/contract';
import { CheckCircle2, X } from 'lucide-react';
import { smallButtonClass } from '../../../../components/ui/form-styles';
import { toolBase } from './reader-styles';

interface FinishedOfferProps {
  book: Book | null;
  /** A book is linked but not loaded yet. */
  bookLoading: boolean;
  marking: boolean;
  onMarkRead: (book: Book) => void;
  onLinkBook: () => void;
  onDismiss: () => void;
}

/** On the last page (issue 15): mark the linked book read, or link one first. */
export function FinishedOffer({ book, bookLoading, marking, onMarkRead, onLinkBook, onDismiss }: FinishedOfferProps) {
  if (bookLoading) return null;
  return (
    <div
      role="region"
      aria-label="Finished reading"
      className="flex flex-wrap items-center justify-center gap-2 border-t border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <CheckCircle2 aria-hidden className="size-4 shrink-0" />
      {book?.status === 'read' ? (
        <span>“{book.title}” is marked as read.</span>
      ) : book ? (
        <>
          <span>You reached the end. Mark “{book.title}” as read?</span>
          <button type="button" disabled={marking} onClick={() => onMarkRead(book)} className={smallButtonClass}>
            Mark as read
          </button>
        </>
      ) : (
        <>
          <span>You reached the end. Link this file to a book in your library to mark it as read.</span>
          <button type="button" onClick={onLinkBook} className={smallButtonClass}>
            Link to book
          </button>
        </>
      )}
      <button type="button" onClick={onDismiss} aria-label="Dismiss" className={`${toolBase} size-7`}>
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
