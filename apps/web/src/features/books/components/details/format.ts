import { formatMoney as formatAmount, type BookCurrency } from '@bookshelf/contract';
import { pageLocale } from '../../../../lib/money/page-locale';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date for people, in the reader's locale. A calendar day (2024-05-01) is shown as that day wherever the
 * reader is; an instant (dateAdded, dateRead) in the reader's own time zone.
 */
export function formatDate(value: string): string {
  const day = DAY.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(day ? { timeZone: 'UTC' } : {}),
  });
}

/**
 * ₹499.00, $12.50: the currency's symbol and two decimals (core.md §9), the number in the page's language
 * as every amount of the app is (issue 27), not the browser's.
 */
export const formatMoney = (amount: number, currency: BookCurrency): string =>
  formatAmount(amount, currency, { locale: pageLocale() });
