import { describe, expect, it } from 'vitest';
import { ACCOUNT_CURRENCIES, BOOK_CURRENCIES } from './currency.js';
import { currencyForPlatform, OTHER_PLATFORM, PLATFORMS, platformChoices } from './platforms.js';
import { customTypeFor } from './account-rules.js';

describe('platforms and currencies (core.md §9)', () => {
  it('gives each platform its default currency, and keeps the current one for custom platforms', () => {
    expect(currencyForPlatform('Amazon.in', 'USD')).toBe('INR');
    expect(currencyForPlatform('Waterstones', 'INR')).toBe('GBP');
    expect(currencyForPlatform('Powells Books', 'INR')).toBe('USD');
    expect(currencyForPlatform(OTHER_PLATFORM, 'USD')).toBe('INR');
    expect(currencyForPlatform('My corner shop', 'EUR')).toBe('EUR');
  });

  it('lists custom platforms first, each once, and never repeats a known one', () => {
    const choices = platformChoices(['Corner Shop', 'corner shop ', 'flipkart', ' ']);
    expect(choices[0]).toBe('Corner Shop');
    expect(choices.filter((c) => c.toLowerCase() === 'corner shop')).toHaveLength(1);
    expect(choices.filter((c) => c.toLowerCase() === 'flipkart')).toHaveLength(1);
    expect(choices).toHaveLength(PLATFORMS.length + 1);
  });

  it('offers every book currency but JPY on accounts', () => {
    expect(BOOK_CURRENCIES.filter((c) => !(ACCOUNT_CURRENCIES as readonly string[]).includes(c))).toEqual(['JPY']);
  });

  it('keeps an account customType only for type other (core.md §5)', () => {
    expect(customTypeFor('other', ' E-reader ')).toBe('E-reader');
    expect(customTypeFor('other', '  ')).toBeNull();
    expect(customTypeFor('kindle', 'E-reader')).toBeNull();
  });
});
