import { formatMoney, WishlistMessages, type SavedPriceAlert, type WishlistBook } from '@bookshelf/contract';
import { Bell, BellRing, Trash2 } from 'lucide-react';
import { iconButton } from '../../../components/ui/button-styles';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeletePriceAlert } from '../api/use-price-alerts';

/** Every price alert with its book, target and platforms; triggered ones say so. Each can be deleted. */
export function PriceAlertsList({
  alerts,
  books,
}: {
  alerts: readonly SavedPriceAlert[];
  books: readonly WishlistBook[];
}) {
  const remove = useDeletePriceAlert();
  const titles = new Map(books.map((b) => [b.id, b.title]));
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="price-alerts-title"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="price-alerts-title" className="flex items-center gap-2 font-semibold">
        <Bell aria-hidden className="size-4" /> Price Alerts
      </h2>
      <ul className="divide-y divide-gray-200 dark:divide-gray-800">
        {alerts.map((alert) => {
          const title = titles.get(alert.bookId) ?? 'A book no longer on your wishlist';
          return (
            <li key={alert.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-medium">{title}</span>
                <span className="text-gray-600 dark:text-gray-400">
                  {' '}
                  at or below {formatMoney(alert.targetPrice, alert.currency)}
                  {alert.platforms.length > 0 ? ` on ${alert.platforms.join(', ')}` : ' on any platform'}
                </span>
              </span>
              {alert.triggeredAt && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                  <BellRing aria-hidden className="size-3.5" />
                  {WishlistMessages.alertTriggered}
                  {alert.triggeredPrice !== null && `: ${formatMoney(alert.triggeredPrice, alert.currency)}`}
                </span>
              )}
              <button
                type="button"
                className={iconButton}
                aria-label={`Delete the price alert for ${title}`}
                disabled={remove.isPending && remove.variables === alert.id}
                onClick={() =>
                  remove.mutate(alert.id, {
                    onError: (error) =>
                      toast({ type: 'error', title: 'Could not delete the alert', message: errorMessage(error) }),
                  })
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
