import type { DisplayCurrency } from '@bookshelf/contract';
import { bookKeys } from '../../books/public';

/**
 * Under the library's keys: every change to a book (and the live `books.changed` event) invalidates
 * `bookKeys.all`, which refreshes the value and spending with the lists. The currency is part of the key, so a
 * new base currency is a new read.
 */
export const analyticsKeys = {
  all: [...bookKeys.all, 'analytics'] as const,
  /** No currency: the one stored on the server. */
  value: (base?: DisplayCurrency) => [...bookKeys.all, 'analytics', 'value', base ?? 'stored'] as const,
  spending: (base: DisplayCurrency) => [...bookKeys.all, 'analytics', 'spending', base] as const,
};
