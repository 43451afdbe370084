import type { Book } from '@bookshelf/contract';
import { memo, useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { OriginState } from '../../../../lib/use-origin';
import { gridColumns, type LibraryView } from '../../lib/library-view';
import { isNavKey, moveIndex } from '../../lib/selection';
import { BookCard, BookRow } from './book-item';
import { BookSkeletons } from './book-skeletons';
import { useScrollVirtualizer } from './use-scroll-virtualizer';

interface BookCollectionProps {
  books: Book[];
  view: LibraryView;
  selected: ReadonlySet<string>;
  origin: OriginState;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onToggle: (book: Book, index: number, range: boolean) => void;
  onSelectAll: () => void;
  onOpen: (book: Book) => void;
}

const GAP = 16;

/** A first guess at a row's height before it is measured: a 2:3 cover plus the text under it, or a list line. */
function rowEstimate(view: LibraryView, width: number, columns: number): number {
  if (view === 'list') return 88;
  const card = width > 0 ? (width - GAP * (columns - 1)) / columns : 176;
  return Math.round(card * 1.5 + 118 + GAP);
}

/**
 * The loaded books as a grid of cards or a list of rows, virtualized by rows (see useScrollVirtualizer), with
 * the next page fetched as the end comes into view. Keyboard (an ARIA grid with a roving tabindex): arrows
 * move between books, Home/End to the first/last loaded, Enter opens, Space toggles selection (Shift+Space a
 * range), Ctrl/Cmd+A selects all loaded.
 */
export const BookCollection = memo(function BookCollection(props: BookCollectionProps) {
  const { books, view, selected, origin, hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const [active, setActive] = useState(0);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const columns = view === 'list' ? 1 : gridColumns(width);
  const rowCount = Math.ceil(books.length / columns);
  const rowHeight = rowEstimate(view, width, columns);

  const { virtualizer, listRef, measured } = useScrollVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    onWidth: setWidth,
  });

  // Row heights change with the view and the column count: measure again from the new estimate.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, view, columns]);

  const rows = measured ? virtualizer.getVirtualItems() : [];
  const lastRow = rows.at(-1)?.index ?? -1;

  // Infinite scroll: the next page loads while the last rows are still a little below the fold.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= rowCount - 3) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastRow, rowCount, fetchNextPage]);

  const activeIndex = Math.min(active, books.length - 1);
  const firstShown = (rows[0]?.index ?? 0) * columns;
  const lastShown = (lastRow + 1) * columns - 1;
  const tabbable = activeIndex >= firstShown && activeIndex <= lastShown ? activeIndex : firstShown;

  /** Focuses book `index`, scrolling its row into view first; the row may take a frame to render. */
  const focusBook = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
      let tries = 0;
      const attempt = () => {
        const el = gridRef.current?.querySelector<HTMLElement>(`[data-book-index="${index}"]`);
        if (el) el.focus({ preventScroll: false });
        else if (tries++ < 10) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [virtualizer, columns],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-book-index]');
    // Keys typed into the checkbox or link inside a book keep their usual meaning.
    if (!cell || cell !== event.target) return;
    const index = Number(cell.dataset.bookIndex);
    const book = books[index];
    if (!book) return;
    if (isNavKey(event.key) && !event.altKey) {
      event.preventDefault();
      const rowsPerPage = Math.max(1, Math.floor(window.innerHeight / rowHeight));
      const next = moveIndex(event.key, index, books.length, columns, rowsPerPage);
      setActive(next);
      focusBook(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      props.onOpen(book);
    } else if (event.key === ' ') {
      event.preventDefault();
      props.onToggle(book, index, event.shiftKey);
    } else if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      props.onSelectAll();
    }
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-book-index]');
    if (cell) setActive(Number(cell.dataset.bookIndex));
  }

  const Item = view === 'grid' ? BookCard : BookRow;
  const gridStyle = view === 'grid' ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined;

  return (
    <div>
      <div
        ref={(node) => {
          gridRef.current = node;
          listRef(node);
          virtualizer.containerRef(node);
        }}
        role="grid"
        aria-label="Books"
        aria-multiselectable="true"
        aria-rowcount={rowCount}
        aria-colcount={columns}
        data-columns={columns}
        data-view={view}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="relative w-full"
      >
        {rows.map((row) => {
          const start = row.index * columns;
          const rowBooks = books.slice(start, start + columns);
          return (
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={`absolute top-0 left-0 w-full ${view === 'grid' ? 'grid gap-4 pb-4' : 'pb-2'}`}
              style={gridStyle}
            >
              {rowBooks.map((book, i) => {
                const index = start + i;
                return (
                  <Item
                    key={book.id}
                    book={book}
                    index={index}
                    selected={selected.has(book.id)}
                    tabbable={index === tabbable}
                    origin={origin}
                    onToggle={props.onToggle}
                    onOpen={props.onOpen}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
      {isFetchingNextPage && <BookSkeletons view={view} count={columns} label="Loading more books" />}
    </div>
  );
});
