import { BOOK_STATUS_LABELS, type Book } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { secondaryButton } from '../../../components/ui/button-styles';
import { bookQueryOptions } from '../api/use-book';
import { BookCover } from '../components/book-cover';
import { BackLink } from '../components/details/back-link';
import { BookLoadError, BookSkeleton } from '../components/details/book-load-state';
import { formatLabel, purchaseRows, specialEditionRows } from '../components/details/book-facts';
import { DetailList, DetailSection } from '../components/details/detail-list';
import { formatDate } from '../components/details/format';
import { PriceLabel } from '../../money/public';
import { valueChange } from '../components/details/value-change';

/** Book Summary (core.md §2, /books/{id}/summary): one printable page about a book. */
export function BookSummaryPage() {
  const { id = '' } = useParams();
  const state: unknown = useLocation().state;
  const { data: book, error, refetch } = useQuery(bookQueryOptions(id));
  return (
    <section aria-labelledby={book ? 'summary-title' : undefined} data-tab="library" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {/* The origin travels on, so Back on the details still returns where the reader started. */}
        <BackLink to={`/books/${id}`} label="details" state={state} />
        {book && (
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            Print
          </button>
        )}
      </div>
      {book ? (
        <Summary book={book} />
      ) : error ? (
        <BookLoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <BookSkeleton />
      )}
    </section>
  );
}

function Summary({ book }: { book: Book }) {
  const history = [`Added ${formatDate(book.dateAdded)}`];
  if (book.dateRead) history.push(`Finished ${formatDate(book.dateRead)}`);
  const change = valueChange(book.purchaseInfo, book.currentValue);
  return (
    <>
      <div className="flex flex-col gap-6 sm:flex-row">
        <BookCover title={book.title} author={book.author} coverUrl={book.coverUrl} className="w-32 shrink-0" />
        <div className="min-w-0 space-y-2">
          <h1 id="summary-title" className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
            {book.title}
          </h1>
          <p className="text-lg text-gray-600 dark:text-gray-400">by {book.author}</p>
          <p>
            {BOOK_STATUS_LABELS[book.status]}
            {book.rating ? ` · ${book.rating} of 5 stars` : ''} · {formatLabel(book)}
          </p>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2">
        <DetailSection title="Status history">
          <ol className="list-inside list-disc space-y-1">
            {history.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </DetailSection>
        <DetailSection title="Dates">
          <DetailList
            rows={[
              ['Date added', formatDate(book.dateAdded)],
              ['Date read', book.dateRead ? formatDate(book.dateRead) : 'Not read yet'],
              ['Published', book.publishedYear],
              ['Purchased', book.purchaseInfo?.purchaseDate && formatDate(book.purchaseInfo.purchaseDate)],
            ]}
          />
        </DetailSection>
        <DetailSection title="Notes">
          <p className="break-words whitespace-pre-wrap">{book.notes ?? 'No notes.'}</p>
        </DetailSection>
        <DetailSection title="Review">
          <p className="break-words whitespace-pre-wrap">{book.review ?? 'No review.'}</p>
        </DetailSection>
        <DetailSection title="Purchase and value">
          <DetailList
            rows={[
              ...(book.purchaseInfo ? purchaseRows(book.purchaseInfo, book) : [['Purchase', 'Not recorded'] as const]),
              [
                'Current value',
                book.currentValue && (
                  <PriceLabel amount={book.currentValue.amount} currency={book.currentValue.currency} />
                ),
              ],
              ['Change in value', change],
            ]}
          />
        </DetailSection>
        <DetailSection title="Special edition">
          {book.specialEdition ? (
            <DetailList rows={specialEditionRows(book.specialEdition)} />
          ) : (
            <p>Not a special edition.</p>
          )}
        </DetailSection>
        <DetailSection title="Reading progress">
          <p className="text-gray-600 dark:text-gray-400">
            Reading progress appears here once a file is linked to this book and read in the reader.
          </p>
        </DetailSection>
      </div>
    </>
  );
}
