import { ISBN_MESSAGE, isValidIsbn, type BookStatus, type IsbnLookup } from '@bookshelf/contract';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from '../../../../components/ui/error-box';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { errorMessage } from '../../../../lib/error-message';
import { lookupIsbn } from '../../api/lookup-isbn';
import { BookForm } from '../book-form/book-form';
import type { BookFormValues } from '../book-form/book-form-values';
import { CoverChoice } from './cover-choice';
import { formValuesFromLookup } from './lookup-values';

export interface IsbnLookupPanelProps {
  /** Saves the reviewed book (the dialog's own save). */
  onSave: (values: BookFormValues) => Promise<void>;
  onCancel: () => void;
  /** Goes to Manual Entry with the ISBN typed so far. */
  onEnterManually: (isbn: string) => void;
  /** An ISBN to look up at once (a scanned barcode). */
  initialIsbn?: string;
  /** The status the found book's form starts with (Add to Wishlist: wishlist); the form's default otherwise. */
  initialStatus?: BookStatus | undefined;
  /** The dialog's Photos part, shown in the found book's form (the same photos as Manual Entry's). */
  photos?: ReactNode;
}

type State =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed'; message: string }
  | { kind: 'found'; book: IsbnLookup; values: BookFormValues };

/**
 * ISBN Lookup (core.md §2, issue 12): type or paste an ISBN, the server asks the book services, and the book
 * form comes back prefilled for review. Search is disabled while the field is empty or a search runs (§5).
 */
export function IsbnLookupPanel({
  onSave,
  onCancel,
  onEnterManually,
  initialIsbn = '',
  initialStatus,
  photos,
}: IsbnLookupPanelProps) {
  const [isbn, setIsbn] = useState(initialIsbn);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [cover, setCover] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const id = useId();
  const searching = state.kind === 'searching';

  async function search(value: string) {
    if (!isValidIsbn(value)) {
      setFieldError(ISBN_MESSAGE);
      return;
    }
    setFieldError(null);
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'searching' });
    try {
      const book = await lookupIsbn(value, controller.signal);
      const first = book.covers[0]?.url ?? null;
      setCover(first);
      const values = formValuesFromLookup(book, first);
      setState({ kind: 'found', book, values: initialStatus ? { ...values, status: initialStatus } : values });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  // A scanned ISBN is looked up as soon as the panel opens with it, once.
  const autoSearched = useRef(false);
  useEffect(() => {
    if (!initialIsbn || autoSearched.current) return;
    autoSearched.current = true;
    void search(initialIsbn);
  });
  useEffect(() => () => running.current?.abort(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!searching && isbn.trim()) void search(isbn);
  }

  return (
    <div className="space-y-5">
      <form role="search" aria-label="Look up a book by ISBN" onSubmit={submit} noValidate className="space-y-1.5">
        <label htmlFor={`${id}-isbn`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
          ISBN
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-isbn`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="978-0-439-02348-1"
            value={isbn}
            onChange={(event) => setIsbn(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-isbn-help${fieldError ? ` ${id}-isbn-error` : ''}`}
            className={inputClass}
          />
          <button type="submit" className={primaryButtonClass} disabled={!isbn.trim() || searching}>
            <Search aria-hidden className="size-4" />
            {searching ? 'Searching...' : 'Search'}
          </button>
        </div>
        <p id={`${id}-isbn-help`} className="text-xs text-gray-500 dark:text-gray-400">
          The 10 or 13 digits printed above the barcode; hyphens and spaces are fine.
        </p>
        {fieldError && (
          <p id={`${id}-isbn-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldError}
          </p>
        )}
      </form>

      <div aria-live="polite" className="sr-only">
        {searching ? 'Searching…' : state.kind === 'found' ? `Found ${state.book.title}` : ''}
      </div>

      {state.kind === 'failed' && (
        <ErrorBox
          message={state.message}
          action={
            <button type="button" className={secondaryButtonClass} onClick={() => onEnterManually(isbn)}>
              Enter the details by hand
            </button>
          }
        />
      )}

      {state.kind === 'found' && (
        <div className="space-y-4" key={state.book.isbn}>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Found in {state.book.sources.join(' and ')}. Check the details, then add the book.
          </p>
          <CoverChoice
            covers={state.book.covers}
            chosen={cover}
            onChoose={setCover}
            book={{ title: state.book.title, author: state.book.author, isbn: state.book.isbn }}
          />
          <BookForm
            defaultValues={state.values}
            chosenCoverUrl={cover}
            photos={photos}
            onSubmit={onSave}
            onCancel={onCancel}
            submitLabel="Add Book"
            busyLabel="Adding..."
          />
        </div>
      )}
    </div>
  );
}
