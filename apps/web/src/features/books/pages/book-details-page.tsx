import { BookLimits, type Book, type BookStatus, type UpdateBookRequest } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { FileText, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOriginBack } from '../../../lib/use-origin';
import { secondaryButton } from '../../../components/ui/button-styles';
import { errorMessage } from '../../../lib/error-message';
import { loadWithRetry } from '../../../lib/lazy-retry';
import { toast } from '../../../lib/toast';
import { bookQueryOptions } from '../api/use-book';
import { useDeleteBook, useRestoreBooks } from '../api/use-delete-books';
import { useUpdateBook } from '../api/use-update-book';
import { BookCover } from '../components/book-cover';
import { BackLink } from '../components/details/back-link';
import { BookLoadError, BookSkeleton } from '../components/details/book-load-state';
import { formatLabel, PriceHistoryTable, PurchaseInfoList, SpecialEditionList } from '../components/details/book-facts';
import { DeleteBookDialog } from '../components/details/delete-book-dialog';
import { DetailList, DetailSection } from '../components/details/detail-list';
import { EditableText } from '../components/details/editable-text';
import { formatDate } from '../components/details/format';
import { PriceLabel } from '../../money/public';
import { RatingStars } from '../components/details/rating-stars';
import { StatusSelect } from '../components/details/status-select';
import { useAccountName } from '../components/details/use-account-name';
import { ImageUpload } from '../components/images/image-upload';

// The book form is heavy (react-hook-form and every field): it loads when the reader first presses Edit.
const EditBookDialog = lazy(() =>
  loadWithRetry(() => import('../components/edit-book-dialog')).then((m) => ({ default: m.EditBookDialog })),
);

/** Book Details (core.md §2, /books/{id}): everything about one book, edited in place. */
export function BookDetailsPage() {
  const { id = '' } = useParams();
  const { backPath, backLabel } = useOriginBack();
  // Set while the book is being deleted, so the refresh every change triggers does not ask for it again.
  const [deleting, setDeleting] = useState(false);
  const { data: book, error, refetch } = useQuery({ ...bookQueryOptions(id), enabled: !deleting });

  return (
    <section aria-labelledby={book ? 'book-title' : undefined} data-tab="library" className="space-y-6">
      <BackLink to={backPath} label={backLabel} />
      {book ? (
        <BookDetails book={book} onDeleting={setDeleting} />
      ) : error ? (
        <BookLoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <BookSkeleton />
      )}
    </section>
  );
}

function BookDetails({ book, onDeleting }: { book: Book; onDeleting: (deleting: boolean) => void }) {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const { backPath } = useOriginBack();
  const update = useUpdateBook();
  const deleteBook = useDeleteBook();
  const restore = useRestoreBooks();
  const accountName = useAccountName(book.accountId);
  const [editOpen, setEditOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const save = (changes: UpdateBookRequest) => update.mutateAsync({ id: book.id, changes });
  const saveQuietly = (changes: UpdateBookRequest) =>
    save(changes).catch((e: unknown) => toast.error('Could not save the change', errorMessage(e)));

  const remove = () => {
    onDeleting(true);
    deleteBook.mutate(book.id, {
      onSuccess: () => {
        setConfirmOpen(false);
        void navigate(backPath);
        toast({
          type: 'success',
          title: `Deleted "${book.title}"`,
          action: {
            label: 'Undo',
            // The page is gone by then (mutate's own callbacks would not run), so the promise says how it went.
            onClick: () =>
              void restore.mutateAsync([book.id]).then(
                () => toast.success(`Restored "${book.title}"`),
                (e: unknown) => toast.error('Could not restore the book', errorMessage(e)),
              ),
          },
        });
      },
      onError: (e) => {
        onDeleting(false);
        toast.error('Could not delete the book', errorMessage(e));
      },
    });
  };

  const value = book.currentValue;
  return (
    <>
      <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
        <BookCover
          title={book.title}
          author={book.author}
          coverUrl={book.coverUrl}
          className="w-40 md:w-full"
          decorative
        />
        <div className="min-w-0 space-y-4">
          <div>
            <h1 id="book-title" className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
              {book.title}
            </h1>
            <p className="mt-1 text-lg text-gray-600 dark:text-gray-400">by {book.author}</p>
          </div>
          <StatusSelect
            status={book.status}
            dateRead={book.dateRead}
            disabled={update.isPending}
            onChange={(status: BookStatus) => void saveQuietly({ status })}
          />
          <RatingStars
            rating={book.rating}
            disabled={update.isPending}
            onRate={(rating) => void saveQuietly({ rating })}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} onClick={() => setEditOpen(true)}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </button>
            <Link to={`/books/${book.id}/summary`} state={state} className={secondaryButton}>
              <FileText aria-hidden className="size-4" />
              Summary
            </Link>
            <button
              type="button"
              className={`${secondaryButton} text-red-700 dark:text-red-400`}
              onClick={() => setConfirmOpen(true)}
            >
              <Trash2 aria-hidden className="size-4" />
              Delete
            </button>
          </div>
        </div>
      </div>

      <DetailSection title="Details">
        <DetailList
          rows={[
            ['Format', formatLabel(book)],
            ['Genre', book.genre],
            ['Published', book.publishedYear],
            ['First published', book.originalPublishedYear === book.publishedYear ? null : book.originalPublishedYear],
            ['Publisher', book.publisher],
            ['Pages', book.pages],
            ['ISBN', book.isbn],
            ['Tags', book.tags.length > 0 && book.tags.join(', ')],
            ['Account', accountName ?? '…'],
            ['Date added', formatDate(book.dateAdded)],
            ['Date read', book.dateRead && formatDate(book.dateRead)],
          ]}
        />
      </DetailSection>

      {/* Books are their owner's alone for now (decision 019), so whoever sees this page may change the photos. */}
      <DetailSection title="Photos">
        <ImageUpload book={book} />
      </DetailSection>

      <DetailSection title="Notes and review">
        <div className="space-y-6">
          <EditableText
            label="Notes"
            value={book.notes}
            empty="No notes yet."
            maxLength={BookLimits.notesMax}
            onSave={(notes) => save({ notes })}
          />
          <EditableText
            label="Review"
            value={book.review}
            empty="No review yet."
            maxLength={BookLimits.reviewMax}
            onSave={(review) => save({ review })}
          />
        </div>
      </DetailSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection title="Purchase">
          <PurchaseInfoList purchase={book.purchaseInfo} book={book} />
        </DetailSection>
        <DetailSection title="Special edition">
          <SpecialEditionList edition={book.specialEdition} />
        </DetailSection>
        <DetailSection title="Value">
          <p className="mb-3">
            <span className="text-sm text-gray-600 dark:text-gray-400">Current value: </span>
            <span className="font-semibold tabular-nums">
              {value ? <PriceLabel amount={value.amount} currency={value.currency} /> : 'Not set'}
            </span>
          </p>
          <PriceHistoryTable history={book.priceHistory} />
        </DetailSection>
      </div>

      {editOpen && (
        <Suspense fallback={null}>
          <EditBookDialog book={book} open={editOpen} onOpenChange={setEditOpen} />
        </Suspense>
      )}
      <DeleteBookDialog
        title={book.title}
        open={confirmOpen}
        busy={deleteBook.isPending}
        onOpenChange={setConfirmOpen}
        onConfirm={remove}
      />
    </>
  );
}
