/**
 * Money across currencies (core.md §9, issue 13): the currencies shown, the fixed offline rate tables, the
 * base-currency guess and formatting. Zod-free: price labels on every page use it.
 */

/** The book and library form's currencies (core.md §9). */
export const BOOK_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'] as const;
export type BookCurrency = (typeof BOOK_CURRENCIES)[number];

/** The account form offers every book currency except JPY (core.md §9). */
export const ACCOUNT_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export type AccountCurrency = (typeof ACCOUNT_CURRENCIES)[number];

export const DEFAULT_CURRENCY: BookCurrency = 'INR';

export interface Currency {
  code: string;
  symbol: string;
  name: string;
  /**
   * The locale of the currency's home country (its name and symbol there). Amounts are not written in it:
   * they follow the reader's locale (formatMoney).
   */
  locale: string;
}

/** The multi-currency display's currencies (core.md §9): the book currencies and four more. */
export const DISPLAY_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CNY', 'SGD', 'HKD'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCIES: Record<DisplayCurrency, Currency> = {
  INR: { code: 'INR', symbol: '₹', name: 'Indian Rupee', locale: 'en-IN' },
  USD: { code: 'USD', symbol: '$', name: 'US Dollar', locale: 'en-US' },
  EUR: { code: 'EUR', symbol: '€', name: 'Euro', locale: 'de-DE' },
  GBP: { code: 'GBP', symbol: '£', name: 'British Pound', locale: 'en-GB' },
  CAD: { code: 'CAD', symbol: 'CA$', name: 'Canadian Dollar', locale: 'en-CA' },
  AUD: { code: 'AUD', symbol: 'A$', name: 'Australian Dollar', locale: 'en-AU' },
  JPY: { code: 'JPY', symbol: '¥', name: 'Japanese Yen', locale: 'ja-JP' },
  CNY: { code: 'CNY', symbol: 'CN¥', name: 'Chinese Yuan', locale: 'zh-CN' },
  SGD: { code: 'SGD', symbol: 'S$', name: 'Singapore Dollar', locale: 'en-SG' },
  HKD: { code: 'HKD', symbol: 'HK$', name: 'Hong Kong Dollar', locale: 'en-HK' },
};

/** The book currencies' symbols, as the price fields show them. */
export const CURRENCY_SYMBOLS = Object.fromEntries(
  BOOK_CURRENCIES.map((code) => [code, CURRENCIES[code].symbol]),
) as Record<BookCurrency, string>;

export const isDisplayCurrency = (code: string): code is DisplayCurrency => code in CURRENCIES;

/** The library value's fixed rates to INR (core.md §9), used when no real rates are configured. */
export const VALUE_RATES_TO_INR: Record<BookCurrency, number> = {
  INR: 1,
  USD: 83.25,
  EUR: 90.45,
  GBP: 105.2,
  CAD: 61.5,
  AUD: 55.2,
  JPY: 0.56,
};

/**
 * The display converter's fixed tables, by source currency (core.md §9 has tables for INR, USD, EUR and GBP
 * as the source, and fixes USD→INR 83.25, USD→EUR 0.92 and INR→USD 0.012; the other entries are the same
 * day's reference rates, rounded as the spec's are). Conversions do not read them pair by pair (they disagree
 * with the value table in the third digit): conversion.ts takes from them only what the value table lacks.
 */
export const DISPLAY_RATES: Partial<Record<DisplayCurrency, Partial<Record<DisplayCurrency, number>>>> = {
  USD: { INR: 83.25, EUR: 0.92, GBP: 0.79, CAD: 1.36, AUD: 1.52, JPY: 149.5, CNY: 7.24, SGD: 1.34, HKD: 7.82 },
  INR: { USD: 0.012, EUR: 0.011, GBP: 0.0095, CAD: 0.016, AUD: 0.018, JPY: 1.8, CNY: 0.087, SGD: 0.016, HKD: 0.094 },
  EUR: { INR: 90.45, USD: 1.09, GBP: 0.86, CAD: 1.48, AUD: 1.65, JPY: 162.5, CNY: 7.87, SGD: 1.46, HKD: 8.5 },
  GBP: { INR: 105.2, USD: 1.27, EUR: 1.16, CAD: 1.72, AUD: 1.92, JPY: 189.2, CNY: 9.16, SGD: 1.7, HKD: 9.9 },
};

/** The browser language's region → base currency (core.md §9); INR when there is none or it is not listed. */
const REGION_CURRENCY: Record<string, DisplayCurrency> = {
  IN: 'INR',
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  JP: 'JPY',
  CN: 'CNY',
  SG: 'SGD',
  HK: 'HKD',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
};

export const DEFAULT_BASE_CURRENCY: DisplayCurrency = 'INR';

/** The base currency a browser language suggests: `en-GB` → GBP, `de-AT` → EUR, `en` or unknown → INR. */
export function guessBaseCurrency(language: string | undefined): DisplayCurrency {
  const region = language
    ?.split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part))
    ?.toUpperCase();
  return (region && REGION_CURRENCY[region]) || DEFAULT_BASE_CURRENCY;
}

/** The app's pages are in English (`<html lang="en">`): amounts written without a locale use it. */
export const DEFAULT_MONEY_LOCALE = 'en';

/** A rate with 4 decimals (core.md §9), e.g. 83.2500. */
export const formatRate = (rate: number, locale = DEFAULT_MONEY_LOCALE) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(rate);

export interface MoneyDisplay {
  /** The currency's symbol (₹1,234.50); off, the bare number. */
  showSymbols?: boolean;
  /** The code after the amount (₹1,234.50 INR). */
  showCodes?: boolean;
  /**
   * The reader's locale, the page's language (`<html lang>`), whose digits, grouping and decimal mark every
   * amount uses whatever its currency: an English page writes €1,980.00, not the euro's own €1.980,00.
   */
  locale?: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** One formatter per locale: building one costs far more than using it, and a page writes hundreds of amounts. */
function amountFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * An amount with 2 fraction digits in the reader's locale (the page's language), with its currency's symbol
 * and code as the reader chose.
 */
export function formatMoney(
  amount: number,
  code: string,
  { showSymbols = true, showCodes = false, locale = DEFAULT_MONEY_LOCALE }: MoneyDisplay = {},
) {
  const currency = isDisplayCurrency(code) ? CURRENCIES[code] : undefined;
  const number = amountFormat(locale).format(amount);
  const text = showSymbols ? `${currency?.symbol ?? ''}${number}` : number;
  return showCodes || !currency ? `${text} ${code}` : text;
}
