import { formatMoney, WishlistMessages, type WishlistBook } from '@bookshelf/contract';
import { Heart, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { ADD_TO_WISHLIST_SEARCH } from '../../books/public';
import { useMoneyPreferences } from '../../money/public';
import { usePriceAlerts } from '../api/use-price-alerts';
import { orderAfterMove, useReorderWishlist, useWishlist } from '../api/use-wishlist';
import { PriceAlertDialog } from '../components/price-alert-dialog';
import { PriceAlertsList } from '../components/price-alerts-list';
import { SharePanel } from '../components/share-panel';
import { WishlistGrids } from '../components/wishlist-grids';
import { WishlistStats } from '../components/wishlist-stats';
import { booksLabel } from '../lib/books-label';

const addToWishlist = (
  <Link to={{ search: ADD_TO_WISHLIST_SEARCH }} className={primaryButton}>
    <Plus aria-hidden className="size-4" />
    Add to Wishlist
  </Link>
);

/** My Wishlist (core.md §2, §9): count and value, three stat cards, the two grids, sharing and price alerts. */
export function WishlistPage() {
  const preferences = useMoneyPreferences();
  const wishlist = useWishlist(preferences.baseCurrency, preferences.settled);
  const alerts = usePriceAlerts();
  const reorder = useReorderWishlist();
  const [alertFor, setAlertFor] = useState<WishlistBook | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const data = wishlist.data;

  function move(from: number, to: number) {
    const book = data?.books[from];
    if (!data || !book || to < 0 || to >= data.books.length) return;
    setAnnouncement(`${book.title} moved to position ${to + 1} of ${data.books.length}.`);
    reorder.mutate(orderAfterMove(data, { from, to }), {
      onError: (error) => {
        setAnnouncement('The new order could not be saved; the wishlist is back as it was.');
        toast({ type: 'error', title: 'Could not save the new order', message: errorMessage(error) });
      },
    });
  }

  const value = data ? formatMoney(data.estimatedValue, data.currency, preferences) : '';
  const alertList = alerts.data ?? [];
  return (
    <section aria-labelledby="wishlist-title" data-tab="wishlist" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="wishlist-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            My Wishlist
          </h1>
          <p className="mt-1 min-h-6 text-gray-600 dark:text-gray-400">
            {data && `${booksLabel(data.count)} · Estimated value ${value}`}
          </p>
        </div>
        {addToWishlist}
      </div>

      {wishlist.isPending && <div aria-busy="true" aria-label="Loading your wishlist" className="min-h-64" />}
      {wishlist.isError && (
        <ErrorBox
          message={`Could not load your wishlist. ${errorMessage(wishlist.error)}`}
          action={
            <button type="button" className={secondaryButton} onClick={() => void wishlist.refetch()}>
              Retry
            </button>
          }
        />
      )}

      {data && (
        <>
          <WishlistStats
            count={data.count}
            value={value}
            alerts={alertList.length}
            triggered={alertList.filter((a) => a.triggeredAt !== null).length}
          />
          {data.count === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
              <Heart aria-hidden className="size-10 text-pink-500" />
              <h2 className="text-lg font-semibold">{WishlistMessages.empty}</h2>
              <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">
                Add the books you want to read or own next; drag them into the order you want them.
              </p>
              {addToWishlist}
            </div>
          ) : (
            <WishlistGrids books={data.books} alerts={alertList} onMove={move} onSetAlert={setAlertFor} />
          )}
          <SharePanel sharing={data.sharing} />
          <PriceAlertsList alerts={alertList} books={data.books} />
        </>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <PriceAlertDialog book={alertFor} onClose={() => setAlertFor(null)} />
    </section>
  );
}
