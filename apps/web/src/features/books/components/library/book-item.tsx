import { BOOK_FORMAT_LABELS, type Book } from '@bookshelf/contract';
import type { ChangeEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { checkboxClass } from '../../../../components/ui/form-styles';
import type { OriginState } from '../../../../lib/use-origin';
import { BookCover } from '../book-cover';
import { StatusBadge } from '../status-badge';
import { BookRating } from './book-rating';
import { bookDetailsPath } from '../../lib/book-routes';

export interface BookItemProps {
  book: Book;
  index: number;
  selected: boolean;
  /** The one book of the list that Tab reaches (roving tabindex). */
  tabbable: boolean;
  origin: OriginState;
  onToggle: (book: Book, index: number, range: boolean) => void;
  onOpen: (book: Book) => void;
}

/** The checkbox: a click toggles this book, a shift-click selects the range from the last one clicked. */
function SelectBox({
  book,
  index,
  selected,
  onToggle,
}: Pick<BookItemProps, 'book' | 'index' | 'selected' | 'onToggle'>) {
  return (
    <input
      type="checkbox"
      // Not a tab stop: Space on the focused book toggles it, so the book is the only stop in the list.
      tabIndex={-1}
      aria-label={`Select ${book.title}`}
      checked={selected}
      onClick={(event) => event.stopPropagation()}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const native = event.nativeEvent as Partial<globalThis.MouseEvent>;
        onToggle(book, index, Boolean(native.shiftKey));
      }}
      className={checkboxClass}
    />
  );
}

/** A click on the book opens it; with Ctrl/Cmd or Shift it selects instead, as in a file manager. */
function itemClickHandler({
  book,
  index,
  onToggle,
  onOpen,
}: Pick<BookItemProps, 'book' | 'index' | 'onToggle' | 'onOpen'>) {
  return (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, input, button, label')) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      onToggle(book, index, event.shiftKey);
      return;
    }
    onOpen(book);
  };
}

const cellClass = (selected: boolean) =>
  `group relative cursor-pointer rounded-xl border bg-white text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-gray-50 dark:bg-gray-900 dark:focus-visible:ring-offset-gray-950 ${
    selected
      ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-950/40'
      : 'border-gray-200 hover:border-gray-300 dark:border-gray-800 dark:hover:border-gray-700'
  }`;

function TitleLink({ book, origin }: Pick<BookItemProps, 'book' | 'origin'>) {
  return (
    <Link
      to={bookDetailsPath(book.id)}
      state={origin}
      tabIndex={-1}
      className="line-clamp-2 font-medium text-gray-900 hover:underline dark:text-gray-100"
    >
      {book.title}
    </Link>
  );
}

/** A book in the grid view: cover, title, author, status, rating and format. */
export function BookCard(props: BookItemProps) {
  const { book, index, selected, tabbable, origin } = props;
  return (
    <div
      role="gridcell"
      aria-selected={selected}
      data-book-index={index}
      tabIndex={tabbable ? 0 : -1}
      onClick={itemClickHandler(props)}
      className={`${cellClass(selected)} flex h-full flex-col p-2`}
    >
      <div className="relative">
        <BookCover title={book.title} author={book.author} coverUrl={book.coverUrl} decorative />
        <span
          className={`absolute top-1.5 left-1.5 flex rounded-md bg-white/90 p-1 shadow-sm transition-opacity dark:bg-gray-900/90 ${
            selected
              ? 'opacity-100'
              : 'opacity-100 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100'
          }`}
        >
          <SelectBox {...props} />
        </span>
      </div>
      <div className="mt-2 flex min-w-0 flex-1 flex-col gap-1 px-0.5 text-sm">
        <TitleLink book={book} origin={origin} />
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">{book.author}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-1">
          <StatusBadge status={book.status} />
          <span className="text-xs text-gray-600 dark:text-gray-400">{BOOK_FORMAT_LABELS[book.format]}</span>
        </div>
        <BookRating rating={book.rating} />
      </div>
    </div>
  );
}

/** A book in the list view: one line each, with up to three tags on wider screens. */
export function BookRow(props: BookItemProps) {
  const { book, index, selected, tabbable, origin } = props;
  return (
    <div
      role="gridcell"
      aria-selected={selected}
      data-book-index={index}
      tabIndex={tabbable ? 0 : -1}
      onClick={itemClickHandler(props)}
      className={`${cellClass(selected)} flex items-center gap-3 p-2 sm:gap-4`}
    >
      <SelectBox {...props} />
      <BookCover
        title={book.title}
        author={book.author}
        coverUrl={book.coverUrl}
        className="w-12 shrink-0"
        size="small"
        decorative
      />
      <div className="min-w-0 flex-1 text-sm">
        <TitleLink book={book} origin={origin} />
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">{book.author}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 sm:hidden">
          <StatusBadge status={book.status} />
          <span className="text-xs text-gray-600 dark:text-gray-400">{BOOK_FORMAT_LABELS[book.format]}</span>
          <BookRating rating={book.rating} />
        </div>
      </div>
      <div className="hidden shrink-0 items-center gap-4 sm:flex">
        {book.tags.length > 0 && (
          <ul aria-label="Tags" className="hidden max-w-56 flex-wrap gap-1 lg:flex">
            {book.tags.slice(0, 3).map((tag) => (
              <li
                key={tag}
                className="truncate rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
        <span className="w-20 text-xs text-gray-600 dark:text-gray-400">{BOOK_FORMAT_LABELS[book.format]}</span>
        <BookRating rating={book.rating} className="w-20" />
        <span className="w-20">
          <StatusBadge status={book.status} />
        </span>
      </div>
    </div>
  );
}
