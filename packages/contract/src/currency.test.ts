import { describe, expect, it } from 'vitest';
import {
  BOOK_CURRENCIES,
  CURRENCIES,
  DISPLAY_CURRENCIES,
  displayRate,
  formatMoney,
  formatRate,
  guessBaseCurrency,
  valueIn,
  VALUE_RATES_TO_INR,
} from './currency.js';

describe('currency (core.md §9)', () => {
  it('lists every display currency with its symbol, name and locale, the book currencies among them', () => {
    for (const code of DISPLAY_CURRENCIES) expect(CURRENCIES[code]).toMatchObject({ code });
    for (const code of BOOK_CURRENCIES) expect(DISPLAY_CURRENCIES).toContain(code);
  });

  it('holds the spec’s display examples exactly, 1 for the same currency and 1 for a missing rate', () => {
    expect(displayRate('USD', 'INR')).toBe(83.25);
    expect(displayRate('USD', 'EUR')).toBe(0.92);
    expect(displayRate('INR', 'USD')).toBe(0.012);
    expect(displayRate('JPY', 'JPY')).toBe(1);
    expect(displayRate('JPY', 'INR')).toBe(1); // no JPY source table
    expect(displayRate('XYZ', 'INR')).toBe(1);
  });

  it('counts library value through the fixed rates to INR', () => {
    expect(VALUE_RATES_TO_INR).toEqual({ INR: 1, USD: 83.25, EUR: 90.45, GBP: 105.2, CAD: 61.5, AUD: 55.2, JPY: 0.56 });
    expect(valueIn(10, 'USD', 'INR')).toBeCloseTo(832.5, 10);
    expect(valueIn(1000, 'JPY', 'INR')).toBeCloseTo(560, 10);
    expect(valueIn(105.2, 'INR', 'GBP')).toBeCloseTo(1, 10);
    expect(valueIn(5, 'EUR', 'EUR')).toBe(5);
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
});
