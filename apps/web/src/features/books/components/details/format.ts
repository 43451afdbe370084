import { CURRENCY_SYMBOLS, type BookCurrency } from '@bookshelf/contract';

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

/** ₹499.00, $12.50: the currency's symbol and two decimals (core.md §9). */
export function formatMoney(amount: number, currency: BookCurrency): string {
  return `${CURRENCY_SYMBOLS[currency]}${amount.toLocaleString(undefined, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}
