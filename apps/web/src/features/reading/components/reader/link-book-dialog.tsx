import * as Dialog from '@radix-ui/react-dialog';
import { BookLimits, type Book } from '@bookshelf/contract';
import { Check } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { focusRing } from '../../../../components/ui/button-styles';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { Modal } from '../../../../components/ui/modal';
import { useBookSearch, useLinkFileBook } from '../../api/file-book';
import { titleFromFileName } from '../../lib/file-title';

interface LinkBookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fileId: string;
  fileName: string;
  linkedBook: Book | null;
  onLinked: (book: Book | null) => void;
}

/** Link to book (issue 15): pick one of the reader's books, or create one from the file's name, or unlink. */
export function LinkBookDialog({ open, onOpenChange, ...rest }: LinkBookDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="md">
      {/* Mounted only while open, so each opening starts afresh. */}
      <LinkBookForm {...rest} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function LinkBookForm({
  fileId,
  fileName,
  linkedBook,
  onLinked,
  onDone,
}: Omit<LinkBookDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [title, setTitle] = useState(() => titleFromFileName(fileName));
  const [author, setAuthor] = useState('Unknown');
  const searchId = useId();
  const titleId = useId();
  const authorId = useId();
  const books = useBookSearch(search, true);
  const link = useLinkFileBook(fileId);

  const choose = (choice: Parameters<typeof link.mutate>[0]) =>
    link.mutate(choice, {
      onSuccess: (book) => {
        onLinked(book);
        onDone();
      },
    });

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (title.trim() && author.trim()) choose({ create: { title: title.trim(), author: author.trim() } });
  }

  const items = books.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="pr-8">
        <Dialog.Title className="text-lg font-semibold">Link to a book</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Pick the book in your library that {fileName} holds, or add it.
        </Dialog.Description>
      </div>
      {linkedBook && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-900">
          <span className="min-w-0 truncate">
            Linked to <strong>{linkedBook.title}</strong>
          </span>
          <button
            type="button"
            disabled={link.isPending}
            onClick={() => choose({ unlink: true })}
            className={secondaryButtonClass}
          >
            Unlink
          </button>
        </div>
      )}
      <div>
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
          Search your books
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Title, author or ISBN"
          className={inputClass}
        />
        <ul aria-label="Your books" aria-busy={books.isFetching} className="mt-2 max-h-56 space-y-1 overflow-y-auto">
          {items.map((book) => (
            <li key={book.id}>
              <button
                type="button"
                disabled={link.isPending}
                onClick={() => choose({ book })}
                aria-current={book.id === linkedBook?.id ? 'true' : undefined}
                className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-gray-100 disabled:opacity-60 dark:hover:bg-gray-800 ${focusRing}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{book.title}</span>
                  <span className="block truncate text-gray-600 dark:text-gray-400">{book.author}</span>
                </span>
                {book.id === linkedBook?.id && <Check aria-label="Linked" className="size-4 text-indigo-600" />}
              </button>
            </li>
          ))}
          {!books.isPending && items.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-gray-600 dark:text-gray-400">
              {books.isError ? 'Could not load your books.' : 'No books found'}
            </li>
          )}
        </ul>
      </div>
      <form
        onSubmit={create}
        aria-label="Create a book"
        className="space-y-3 border-t border-gray-200 pt-4 dark:border-gray-800"
      >
        <h3 className="text-sm font-semibold">Or create a new book</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={titleId} className="mb-1 block text-sm font-medium">
              Title
            </label>
            <input
              id={titleId}
              value={title}
              maxLength={BookLimits.titleMax}
              onChange={(event) => setTitle(event.target.value)}
              required
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={authorId} className="mb-1 block text-sm font-medium">
              Author
            </label>
            <input
              id={authorId}
              value={author}
              maxLength={BookLimits.authorMax}
              onChange={(event) => setAuthor(event.target.value)}
              required
              className={inputClass}
            />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onDone} className={secondaryButtonClass}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={link.isPending || !title.trim() || !author.trim()}
            className={primaryButtonClass}
          >
            Create and link
          </button>
        </div>
      </form>
    </div>
  );
}
