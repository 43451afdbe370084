import { HIGH_PRIORITY_COUNT, splitWishlist, type SavedPriceAlert, type WishlistBook } from '@bookshelf/contract';
import { useState, type DragEvent } from 'react';
import { WishlistCard } from './wishlist-card';

interface WishlistGridsProps {
  books: readonly WishlistBook[];
  alerts: readonly SavedPriceAlert[];
  onMove: (from: number, to: number) => void;
  onSetAlert: (book: WishlistBook) => void;
}

const DRAG_TYPE = 'application/x-bookshelf-wishlist-index';

/**
 * High Priority (the first 6) and All Wishlist Books (the rest), core.md §2. One order runs through both, so
 * dragging a book from one grid to the other moves it across the line; native HTML5 drag and drop, with the
 * cards' Move up / Move down buttons for keyboards and screen readers.
 */
export function WishlistGrids({ books, alerts, onMove, onSetAlert }: WishlistGridsProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const { highPriority, rest } = splitWishlist(books);
  const alertsOf = new Map<string, SavedPriceAlert[]>();
  for (const alert of alerts) alertsOf.set(alert.bookId, [...(alertsOf.get(alert.bookId) ?? []), alert]);

  const drag = {
    onDragStart(index: number, event: DragEvent) {
      setDragFrom(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(DRAG_TYPE, String(index));
    },
    onDragOver(index: number, event: DragEvent) {
      if (dragFrom === null) return;
      // Accepting the drop: without preventDefault the browser refuses it.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop(index: number, event: DragEvent) {
      event.preventDefault();
      const from = dragFrom ?? Number(event.dataTransfer.getData(DRAG_TYPE));
      setDragFrom(null);
      setOver(null);
      if (Number.isInteger(from) && from !== index) onMove(from, index);
    },
    onDragEnd() {
      setDragFrom(null);
      setOver(null);
    },
  };

  const grid = (items: readonly WishlistBook[], offset: number) => (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6">
      {items.map((book, i) => (
        <WishlistCard
          key={book.id}
          book={book}
          index={offset + i}
          total={books.length}
          alerts={alertsOf.get(book.id) ?? []}
          dropTarget={over === offset + i && dragFrom !== offset + i}
          onMove={onMove}
          onSetAlert={onSetAlert}
          drag={drag}
        />
      ))}
    </ol>
  );

  return (
    <>
      <section aria-labelledby="wishlist-high-priority" className="space-y-3">
        <h2 id="wishlist-high-priority" className="text-lg font-semibold">
          High Priority
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Your first {HIGH_PRIORITY_COUNT}. Drag a book, or use its arrows, to change the order.
        </p>
        {grid(highPriority, 0)}
      </section>
      {rest.length > 0 && (
        <section aria-labelledby="wishlist-all" className="space-y-3">
          <h2 id="wishlist-all" className="text-lg font-semibold">
            All Wishlist Books
          </h2>
          {grid(rest, HIGH_PRIORITY_COUNT)}
        </section>
      )}
    </>
  );
}
