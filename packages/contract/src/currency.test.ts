import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOK_CURRENCIES,
  CURRENCIES,
  DISPLAY_CURRENCIES,
  formatMoney,
  formatRate,
  guessBaseCurrency,
  VALUE_RATES_TO_INR,
} from './currency.js';

describe('currency (core.md §9)', () => {
  it('lists every display currency with its symbol, name and locale, the book currencies among them', () => {
    for (const code of DISPLAY_CURRENCIES) expect(CURRENCIES[code]).toMatchObject({ code });
    for (const code of BOOK_CURRENCIES) expect(DISPLAY_CURRENCIES).toContain(code);
  });

  it('keeps the library value’s fixed rates to INR', () => {
    expect(VALUE_RATES_TO_INR).toEqual({ INR: 1, USD: 83.25, EUR: 90.45, GBP: 105.2, CAD: 61.5, AUD: 55.2, JPY: 0.56 });
  });

  it('guesses the base currency from the browser language’s region, INR otherwise', () => {
    expect(guessBaseCurrency('en-IN')).toBe('INR');
    expect(guessBaseCurrency('en-GB')).toBe('GBP');
    expect(guessBaseCurrency('de-AT')).toBe('EUR');
    expect(guessBaseCurrency('zh-Hant-HK')).toBe('HKD');
    expect(guessBaseCurrency('en_US')).toBe('USD');
    expect(guessBaseCurrency('en')).toBe('INR');
    expect(guessBaseCurrency('pt-BR')).toBe('INR');
    expect(guessBaseCurrency(undefined)).toBe('INR');
  });

  it('writes rates with 4 decimals and amounts with 2, symbol and code as chosen', () => {
    expect(formatRate(83.25)).toBe('83.2500');
    expect(formatRate(0.012)).toBe('0.0120');
    expect(formatMoney(1234.5, 'INR')).toBe('₹1,234.50');
    expect(formatMoney(1234.5, 'USD', { showCodes: true })).toBe('$1,234.50 USD');
    expect(formatMoney(3, 'GBP', { showSymbols: false })).toBe('3.00');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000.00');
    expect(formatMoney(2, 'XYZ')).toBe('2.00 XYZ');
  });

  it('writes every currency in the reader’s locale, not the currency’s own, keeping its symbol (issue 27)', () => {
    // The euro's own locale (de-DE) would write €3,29 and €1.980,00 inside an English page.
    expect(formatMoney(3.29, 'EUR')).toBe('€3.29');
    expect(formatMoney(1980, 'EUR')).toBe('€1,980.00');
    expect(formatMoney(1980, 'JPY')).toBe('¥1,980.00');
    expect(formatMoney(1234567.5, 'INR')).toBe('₹1,234,567.50'); // not en-IN's 12,34,567.50
    expect(formatMoney(32.99, 'AUD')).toBe('A$32.99');
    expect(formatMoney(32.99, 'CAD')).toBe('CA$32.99');
    // A German page writes German numbers, whatever the currency.
    expect(formatMoney(1980, 'USD', { locale: 'de-DE' })).toBe('$1.980,00');
    expect(formatMoney(3.29, 'GBP', { locale: 'de' })).toBe('£3,29');
    // A locale the runtime does not know falls back to English rather than throwing.
    expect(formatMoney(1980, 'EUR', { locale: 'not a locale!' })).toBe('€1,980.00');
  });

  it('writes the same amount the same way for every currency but the symbol', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 11 }),
        fc.constantFrom(...DISPLAY_CURRENCIES),
        fc.constantFrom(...DISPLAY_CURRENCIES),
        (cents, a, b) => {
          const bare = (code: string) => formatMoney(cents / 100, code, { showSymbols: false });
          expect(bare(a)).toBe(bare(b));
          expect(formatMoney(cents / 100, a)).toBe(`${CURRENCIES[a].symbol}${bare(a)}`);
        },
      ),
    );
  });
});
