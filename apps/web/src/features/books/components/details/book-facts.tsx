import {
  BINDING_TYPE_LABELS,
  BOOK_CONDITION_LABELS,
  BOOK_FORMAT_LABELS,
  purchaseRateDay,
  SPECIAL_EDITION_TYPE_LABELS,
  type Book,
  type PurchaseInfo,
  type SpecialEdition,
} from '@bookshelf/contract';
import { PriceLabel } from '../../../money/public';
import { DetailList, type DetailRow } from './detail-list';
import { formatDate, formatMoney } from './format';

/** Format and binding together: "Physical · Hardcover". */
export function formatLabel(book: Pick<Book, 'format' | 'bindingType'>): string {
  const format = BOOK_FORMAT_LABELS[book.format];
  return book.bindingType ? `${format} · ${BINDING_TYPE_LABELS[book.bindingType]}` : format;
}

/** The book the purchase belongs to: its status and day added decide the rate's day (purchaseRateDay). */
type PurchasedBook = Pick<Book, 'status' | 'dateAdded'>;

export function purchaseRows(purchase: PurchaseInfo, book: PurchasedBook): DetailRow[] {
  // The rate of the day Spending converts this purchase at, so the page and the sums show one figure.
  const day = purchaseRateDay({ ...book, purchaseInfo: purchase });
  return [
    ['Platform', purchase.platform],
    ['Price', <PriceLabel amount={purchase.price} currency={purchase.currency} date={day} />],
    ['Seller', purchase.sellerName],
    ['Purchase date', purchase.purchaseDate && formatDate(purchase.purchaseDate)],
    ['Condition', purchase.condition && BOOK_CONDITION_LABELS[purchase.condition]],
    ['Purchase notes', purchase.notes],
  ];
}

/** The edition's type as the reader named it: the custom type when the type is other. */
export const editionTypeLabel = (edition: SpecialEdition): string =>
  edition.type === 'other' && edition.customType ? edition.customType : SPECIAL_EDITION_TYPE_LABELS[edition.type];

export function specialEditionRows(edition: SpecialEdition): DetailRow[] {
  return [
    ['Edition type', editionTypeLabel(edition)],
    ['Details', edition.details],
    ['Certificate of authenticity', edition.certificateOfAuthenticity ? 'Yes' : 'No'],
    ['Edition number', edition.editionNumber],
    ['Limited quantity', edition.limitedQuantity != null && `Limited to ${edition.limitedQuantity} copies`],
  ];
}

export function PurchaseInfoList({ purchase, book }: { purchase: PurchaseInfo | null; book: PurchasedBook }) {
  if (!purchase) return <p className="text-sm text-gray-600 dark:text-gray-400">No purchase details recorded.</p>;
  return <DetailList rows={purchaseRows(purchase, book)} />;
}

export function SpecialEditionList({ edition }: { edition: SpecialEdition | null }) {
  if (!edition) return <p className="text-sm text-gray-600 dark:text-gray-400">Not a special edition.</p>;
  return <DetailList rows={specialEditionRows(edition)} />;
}

export function PriceHistoryTable({ history }: { history: Book['priceHistory'] }) {
  if (history.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">No prices recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Price history</caption>
        <thead className="text-xs text-gray-500 uppercase dark:text-gray-400">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Price
            </th>
            <th scope="col" className="py-1 font-medium">
              Platform
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {history.map((point, i) => (
            <tr key={`${point.date}-${i}`}>
              <td className="py-1.5 pr-4 whitespace-nowrap">{formatDate(point.date)}</td>
              <td className="py-1.5 pr-4 tabular-nums">{formatMoney(point.price, point.currency)}</td>
              <td className="py-1.5">{point.platform ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
