import { DEFAULT_MONEY_LOCALE } from '@bookshelf/contract';

/**
 * The locale amounts are written in: the page's language (`<html lang>`), so an English page writes
 * €1,980.00 and ¥1,980.00 alike (issue 27) rather than each currency's own country's way.
 */
export const pageLocale = (): string =>
  (typeof document !== 'undefined' && document.documentElement.lang) || DEFAULT_MONEY_LOCALE;
