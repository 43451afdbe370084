import {
  BOOK_FORMAT_LABELS,
  formatMoney,
  WishlistMessages,
  type MoneyDisplay,
  type PublicWishlistBook,
} from '@bookshelf/contract';
import { Heart } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { pageLocale } from '../../../lib/money/page-locale';
import { useSharedWishlist } from '../api/use-shared-wishlist';
import { NoPriceYet } from '../components/no-price-yet';
import { WishlistCover } from '../components/wishlist-cover';
import { booksLabel } from '../lib/books-label';

/**
 * A book of the shared wishlist. Its price is shown as the server counted it into the header (`currency`,
 * today's rate, to the cent), the original in brackets as the owner's cards show it, so a visitor can add the
 * cards up to the estimated value.
 */
function SharedBook({
  book,
  currency,
  display,
}: {
  book: PublicWishlistBook;
  currency: string;
  display: MoneyDisplay;
}) {
  const details = [BOOK_FORMAT_LABELS[book.format], book.genre, book.publishedYear].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-2 dark:border-gray-800 dark:bg-gray-900">
      <WishlistCover title={book.title} author={book.author} coverUrl={book.coverUrl} />
      <div className="mt-2 flex min-w-0 flex-col gap-1 px-0.5 text-sm">
        <h3 className="line-clamp-2 font-medium">{book.title}</h3>
        <p className="truncate text-xs text-gray-600 dark:text-gray-400">{book.author}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">{details}</p>
        <p className="text-sm font-medium">
          {book.price ? (
            <>
              <span className="tabular-nums">{formatMoney(book.price.convertedAmount, currency, display)}</span>
              {book.price.currency !== currency && (
                <span className="font-normal text-gray-600 tabular-nums dark:text-gray-400">
                  {' '}
                  ({formatMoney(book.price.price, book.price.currency, display)})
                </span>
              )}
              <span className="font-normal text-gray-600 dark:text-gray-400"> at {book.price.platform}</span>
            </>
          ) : (
            <NoPriceYet />
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * Someone's wishlist through its share link (core.md §2 `/wishlist/{id}`), read-only, for visitors and
 * signed-in readers alike. A link that was turned off or replaced is Not found, like one never made.
 */
export function SharedWishlistPage() {
  const { token = '' } = useParams();
  const shared = useSharedWishlist(token);

  if (shared.isPending) {
    return <div aria-busy="true" aria-label="Loading the wishlist" className="min-h-64" />;
  }
  if (shared.isError) {
    const gone = shared.error instanceof ApiRequestError && shared.error.status === 404;
    return gone ? (
      <section aria-labelledby="shared-missing" className="mx-auto max-w-md space-y-3 py-12 text-center">
        <Heart aria-hidden className="mx-auto size-10 text-gray-400" />
        <h1 id="shared-missing" className="text-2xl font-semibold">
          Wishlist not found
        </h1>
        <p className="text-gray-600 dark:text-gray-400">{WishlistMessages.sharedNotFound}</p>
        <Link to="/" className={primaryButton}>
          Go Home
        </Link>
      </section>
    ) : (
      <ErrorBox
        message={`Could not load this wishlist. ${errorMessage(shared.error)}`}
        action={
          <button type="button" className={secondaryButton} onClick={() => void shared.refetch()}>
            Retry
          </button>
        }
      />
    );
  }

  const { ownerName, books, count, estimatedValue, currency } = shared.data;
  // A visitor's own display choices are not this page's (they may not be signed in): only the page's language.
  const display: MoneyDisplay = { locale: pageLocale() };
  return (
    <section aria-labelledby="shared-wishlist-title" className="space-y-6">
      <div>
        <h1 id="shared-wishlist-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {ownerName}’s Wishlist
        </h1>
        <p className="mt-1 text-gray-600 dark:text-gray-400">
          {booksLabel(count)} · Estimated value {formatMoney(estimatedValue, currency, display)}
        </p>
      </div>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
          {WishlistMessages.empty}
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6">
          {books.map((book, i) => (
            // The public shape has no ids: the position is the book's place in this list.
            <SharedBook key={i} book={book} currency={currency} display={display} />
          ))}
        </ol>
      )}
    </section>
  );
}
