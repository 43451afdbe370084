import {
  BOOK_FORMAT_LABELS,
  formatMoney,
  WishlistMessages,
  type SavedPriceAlert,
  type WishlistBook,
} from '@bookshelf/contract';
import { ArrowDown, ArrowUp, BellPlus, BellRing, GripVertical } from 'lucide-react';
import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { iconButton } from '../../../components/ui/button-styles';
import { withOrigin } from '../../../lib/use-origin';
import { bookDetailsPath } from '../../books/public';
import { PriceLabel } from '../../money/public';
import { NoPriceYet } from './no-price-yet';
import { WishlistCover } from './wishlist-cover';

export interface WishlistCardProps {
  book: WishlistBook;
  /** Its place in the whole wishlist, from 0. */
  index: number;
  total: number;
  alerts: readonly SavedPriceAlert[];
  /** A book is being dragged over this one. */
  dropTarget: boolean;
  onMove: (from: number, to: number) => void;
  onSetAlert: (book: WishlistBook) => void;
  drag: {
    onDragStart: (index: number, event: DragEvent) => void;
    onDragOver: (index: number, event: DragEvent) => void;
    onDrop: (index: number, event: DragEvent) => void;
    onDragEnd: () => void;
  };
}

const origin = withOrigin('/wishlist', 'Wishlist');

/** The alerts of a book, as one line: triggered ones first, they are the news. */
function AlertLine({ alerts }: { alerts: readonly SavedPriceAlert[] }) {
  const triggered = alerts.find((a) => a.triggeredAt !== null);
  if (triggered) {
    return (
      <span className="inline-flex w-fit items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        <BellRing aria-hidden className="size-3.5" />
        {WishlistMessages.alertTriggered}
        {triggered.triggeredPrice !== null && ` at ${formatMoney(triggered.triggeredPrice, triggered.currency)}`}
      </span>
    );
  }
  const [waiting] = alerts;
  if (!waiting) return null;
  return (
    <span className="text-xs text-gray-600 dark:text-gray-400">
      Alert at {formatMoney(waiting.targetPrice, waiting.currency)}
      {alerts.length > 1 && ` (+${alerts.length - 1})`}
    </span>
  );
}

/**
 * A wishlist book: cover, title, author, format, price and its price alert. Dragged to reorder; Move up and
 * Move down do the same from the keyboard.
 */
export function WishlistCard({ book, index, total, alerts, dropTarget, onMove, onSetAlert, drag }: WishlistCardProps) {
  const price = book.purchaseInfo;
  return (
    <li
      draggable
      onDragStart={(event) => drag.onDragStart(index, event)}
      onDragOver={(event) => drag.onDragOver(index, event)}
      onDrop={(event) => drag.onDrop(index, event)}
      onDragEnd={drag.onDragEnd}
      data-wishlist-index={index}
      aria-label={`${index + 1}. ${book.title}`}
      className={`group relative flex flex-col rounded-xl border bg-white p-2 transition-colors dark:bg-gray-900 ${
        dropTarget
          ? 'border-indigo-500 ring-2 ring-indigo-500/40 dark:border-indigo-400'
          : 'border-gray-200 hover:border-gray-300 dark:border-gray-800 dark:hover:border-gray-700'
      }`}
    >
      <div className="relative">
        <WishlistCover title={book.title} author={book.author} coverUrl={book.coverUrl} />
        <span className="absolute top-1.5 left-1.5 rounded-md bg-white/90 px-1.5 py-0.5 text-xs font-semibold text-gray-900 tabular-nums shadow-sm dark:bg-gray-900/90 dark:text-gray-100">
          #{index + 1}
        </span>
        <GripVertical
          aria-hidden
          className="absolute top-1.5 right-1.5 size-6 cursor-grab rounded-md bg-white/90 p-0.5 text-gray-600 shadow-sm dark:bg-gray-900/90 dark:text-gray-300"
        />
      </div>
      <div className="mt-2 flex min-w-0 flex-1 flex-col gap-1 px-0.5 text-sm">
        <Link
          to={bookDetailsPath(book.id)}
          state={origin}
          className="line-clamp-2 font-medium text-gray-900 hover:underline dark:text-gray-100"
        >
          {book.title}
        </Link>
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">{book.author}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">{BOOK_FORMAT_LABELS[book.format]}</p>
        <p className="text-sm font-medium">
          {price ? (
            // Today's rate, as the estimated value counts it: the cards add up to the header (issue 27).
            <PriceLabel amount={price.price} currency={price.currency} />
          ) : (
            <NoPriceYet />
          )}
        </p>
        <AlertLine alerts={alerts} />
        <div className="mt-auto flex items-center gap-1 pt-1">
          <button
            type="button"
            className={`${iconButton} disabled:opacity-40`}
            aria-label={`Move ${book.title} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={`${iconButton} disabled:opacity-40`}
            aria-label={`Move ${book.title} down`}
            disabled={index === total - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={`${iconButton} ml-auto`}
            aria-label={`Set a price alert for ${book.title}`}
            title="Set price alert"
            onClick={() => onSetAlert(book)}
          >
            <BellPlus aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
