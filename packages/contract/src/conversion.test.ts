import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  convertFixed,
  FIXED_RATES_TO_INR,
  fixedRate,
  fixedRatesInto,
  purchaseRateDay,
  RATE_DECIMALS,
  roundRate,
  sumCents,
} from './conversion.js';
import { DISPLAY_CURRENCIES } from './currency.js';

const currency = fc.constantFrom(...DISPLAY_CURRENCIES);
/** Prices as the book form takes them: cents up to ten million. */
const price = fc.integer({ min: 0, max: 10 ** 9 }).map((cents) => cents / 100);

/** The exact product rounded half away from zero to cents, by decimal strings (an independent oracle). */
function exactCents(amount: number, rate: number): number {
  const scale = 10n ** BigInt(RATE_DECIMALS);
  const a = BigInt(Math.round(amount * 100)); // cents
  const r = BigInt(Math.round(rate * 10 ** RATE_DECIMALS));
  const product = a * r; // in 1/(100 × 10^8)
  return Number((product + scale / 2n) / scale) / 100;
}

describe('fixed rates (core.md §9, issue 27)', () => {
  it('keeps the spec’s examples to the precision it writes them in', () => {
    expect(fixedRate('USD', 'INR')).toBe(83.25);
    expect(fixedRate('USD', 'EUR')!.toFixed(2)).toBe('0.92');
    expect(fixedRate('INR', 'USD')!.toFixed(4)).toBe('0.0120');
    expect(fixedRate('EUR', 'INR')).toBe(90.45);
    expect(fixedRate('GBP', 'INR')).toBe(105.2);
  });

  it('crosses the pairs no table lists through INR: JPY, AUD and CAD are not worth a dollar each', () => {
    expect(fixedRate('JPY', 'USD')).toBe(roundRate(0.56 / 83.25));
    expect(fixedRate('JPY', 'USD')!.toFixed(4)).toBe('0.0067');
    expect(fixedRate('AUD', 'USD')).toBe(roundRate(55.2 / 83.25));
    expect(fixedRate('CAD', 'USD')).toBe(roundRate(61.5 / 83.25));
    // The issue's Dune: 95 GBP in USD is 120.05 on every screen (not 1.27's 120.65).
    expect(convertFixed(95, 'GBP', 'USD')).toBe(120.05);
    expect(convertFixed(1980, 'JPY', 'USD')).toBe(13.32);
    expect(convertFixed(32.99, 'AUD', 'USD')).toBe(21.87);
    // CNY, SGD and HKD take their rupees from the dollar they are quoted against in the display table.
    expect(fixedRate('USD', 'CNY')).toBe(7.24);
    expect(fixedRate('USD', 'HKD')).toBe(7.82);
  });

  it('has a rate for every pair, 1 only for the same currency, and none for an unknown one', () => {
    fc.assert(
      fc.property(currency, currency, (from, to) => {
        const rate = fixedRate(from, to)!;
        expect(rate).toBeGreaterThan(0);
        if (from === to) expect(rate).toBe(1);
        else expect(rate).not.toBe(1);
        expect(roundRate(rate)).toBe(rate);
        // Both directions are one table read two ways.
        expect(rate * fixedRate(to, from)!).toBeCloseTo(1, 4);
      }),
    );
    expect(fixedRate('XYZ', 'INR')).toBeNull();
    expect(fixedRate('INR', 'XYZ')).toBeNull();
    expect(convertFixed(5, 'XYZ', 'INR')).toBeNull();
    expect(Object.keys(FIXED_RATES_TO_INR).sort()).toEqual([...DISPLAY_CURRENCIES].sort());
  });

  it('lists every currency’s rate into a base', () => {
    const into = fixedRatesInto('USD');
    for (const code of DISPLAY_CURRENCIES) expect(into[code]).toBe(fixedRate(code, 'USD'));
  });

  it('crosses consistently: a → c is a → b → c to the rate’s precision', () => {
    fc.assert(
      fc.property(currency, currency, currency, (a, b, c) => {
        const direct = fixedRate(a, c)!;
        const through = fixedRate(a, b)! * fixedRate(b, c)!;
        expect(Math.abs(direct - through) / direct).toBeLessThan(1e-5);
      }),
    );
  });
});

describe('converting an amount (one rounding rule, issue 27)', () => {
  it('rounds the exact product half away from zero to cents, as PostgreSQL’s round(numeric, 2) does', () => {
    expect(convertAmount(95, 1.26366366)).toBe(120.05);
    // 1.005 × 1 is a tie at the half cent: binary floats would make it 1.00.
    expect(convertAmount(1.005, 1)).toBe(1.01);
    expect(convertAmount(0.125, 1)).toBe(0.13);
    expect(convertAmount(2.675, 1)).toBe(2.68); // 2.675 is 2.67499999… as a double
    expect(convertAmount(10, 83.25)).toBe(832.5);
    expect(convertAmount(0, 0.0067)).toBe(0);
    expect(convertAmount(-1.005, 1)).toBe(-1.01);
    expect(convertAmount(1e-7, 1)).toBe(0);
    expect(convertAmount(1e21, 1)).toBe(1e21);
  });

  it('agrees with the exact decimal product for every price and rate', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 300 * 10 ** RATE_DECIMALS }), (amount, rateUnits) => {
        const rate = rateUnits / 10 ** RATE_DECIMALS;
        expect(convertAmount(amount, rate)).toBe(exactCents(amount, rate));
      }),
    );
  });

  it('adds cents without binary noise', () => {
    expect(sumCents([0.1, 0.2])).toBe(0.3);
    expect(sumCents([])).toBe(0);
    fc.assert(
      fc.property(fc.array(price), (amounts) => {
        const cents = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
        expect(sumCents(amounts)).toBe(cents / 100);
      }),
    );
  });
});

describe('the day a purchase converts at', () => {
  const added = '2024-05-31T23:30:00.000Z';
  it('is the purchase date, else the (UTC) day the book was added, and today’s for a wishlist book', () => {
    expect(purchaseRateDay({ status: 'owned', dateAdded: added, purchaseInfo: { purchaseDate: '2023-02-01' } })).toBe(
      '2023-02-01',
    );
    expect(purchaseRateDay({ status: 'read', dateAdded: added, purchaseInfo: { purchaseDate: null } })).toBe(
      '2024-05-31',
    );
    expect(purchaseRateDay({ status: 'owned', dateAdded: added, purchaseInfo: null })).toBe('2024-05-31');
    expect(
      purchaseRateDay({ status: 'wishlist', dateAdded: added, purchaseInfo: { purchaseDate: '2023-02-01' } }),
    ).toBeNull();
  });
});
