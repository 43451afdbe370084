/**
 * Where books are bought, each with the currency it prices in (spec core.md §4, §9).
 * Plain data with no zod, so the add-book form can use it without the schema library.
 */
import type { BookCurrency } from './currency.js';

/** The platform whose choice reveals a custom platform name field (core.md §4). */
export const OTHER_PLATFORM = 'Other (Specify)';

export interface Platform {
  name: string;
  defaultCurrency: BookCurrency;
  popular: boolean;
}

/** core.md §9; the spec's anonymised host names are filled in with the stores readers use. */
export const PLATFORMS: readonly Platform[] = [
  { name: 'Amazon.in', defaultCurrency: 'INR', popular: true },
  { name: 'Flipkart', defaultCurrency: 'INR', popular: true },
  { name: 'Amazon.com', defaultCurrency: 'USD', popular: true },
  { name: 'AbeBooks', defaultCurrency: 'USD', popular: false },
  { name: 'ThriftBooks', defaultCurrency: 'USD', popular: false },
  { name: 'Barnes & Noble', defaultCurrency: 'USD', popular: false },
  { name: 'Powells Books', defaultCurrency: 'USD', popular: false },
  { name: 'Book Depository', defaultCurrency: 'GBP', popular: false },
  { name: 'Waterstones', defaultCurrency: 'GBP', popular: false },
  { name: 'Blackwells', defaultCurrency: 'GBP', popular: false },
  { name: 'Foyles', defaultCurrency: 'GBP', popular: false },
  { name: OTHER_PLATFORM, defaultCurrency: 'INR', popular: false },
];

/** Choosing a platform sets the currency to its default; unknown (custom) platforms keep the current one. */
export function currencyForPlatform(platform: string, current: BookCurrency): BookCurrency {
  return PLATFORMS.find((p) => p.name === platform)?.defaultCurrency ?? current;
}

/**
 * The platform list with the user's custom platforms first (core.md §9), each added only once.
 * `custom` are platform names already used on the user's books.
 */
export function platformChoices(custom: readonly string[]): string[] {
  const known = new Set(PLATFORMS.map((p) => p.name.toLowerCase()));
  const seen = new Set<string>();
  const extra: string[] = [];
  for (const name of custom) {
    const key = name.trim().toLowerCase();
    if (!key || known.has(key) || seen.has(key)) continue;
    seen.add(key);
    extra.push(name.trim());
  }
  return [...extra, ...PLATFORMS.map((p) => p.name)];
}
