import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertFixed } from './conversion.js';
import {
  addedPricePoints,
  estimatedValue,
  HIGH_PRIORITY_COUNT,
  moveItem,
  splitWishlist,
  triggeringPrice,
  WISHLIST_PRICE_ESTIMATE,
} from './wishlist-rules.js';

const priced = (price: number, currency = 'INR') => ({ purchaseInfo: { price, currency } });
const unpriced = { purchaseInfo: null };

describe('estimated value (core.md §9)', () => {
  it('sums purchase prices and counts 15 for each book without one: 10.5 + 20 + 15 + 15 = 60.50', () => {
    expect(estimatedValue([priced(10.5), unpriced, priced(20), unpriced])).toBe(60.5);
    expect(estimatedValue([priced(10.5), unpriced, priced(20), unpriced]).toFixed(2)).toBe('60.50');
  });

  it('is 0 for an empty wishlist and 15 per book when none has a price', () => {
    expect(estimatedValue([])).toBe(0);
    expect(estimatedValue([unpriced, unpriced, unpriced])).toBe(45);
    expect(WISHLIST_PRICE_ESTIMATE).toBe(15);
  });

  it('rounds to 2 decimals without binary noise: 0.1 + 0.2 is 0.30', () => {
    expect(estimatedValue([priced(0.1), priced(0.2)])).toBe(0.3);
    expect(estimatedValue([priced(19.99), priced(0.01)])).toBe(20);
  });

  it('converts each price into the value currency first; the 15 is already in it', () => {
    const toInr = (amount: number, from: string) => convertFixed(amount, from, 'INR')!;
    // 10 USD = 832.50 INR (the spec's 83.25), plus 100 INR, plus 15.
    expect(estimatedValue([priced(10, 'USD'), priced(100, 'INR'), unpriced], toInr)).toBe(947.5);
  });

  it('never has more than 2 decimals', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100))), (prices) => {
        const value = estimatedValue(prices.map((p) => (p === null ? unpriced : priced(p))));
        expect(Math.round(value * 100) / 100).toBe(value);
        const cents = prices.reduce<number>((sum, p) => sum + (p === null ? 1500 : Math.round(p * 100)), 0);
        expect(Math.round(value * 100)).toBe(cents);
      }),
    );
  });
});

describe('the wishlist grids', () => {
  it('puts the first 6 in High Priority and the rest in All Wishlist Books', () => {
    const books = Array.from({ length: 9 }, (_, i) => i);
    expect(HIGH_PRIORITY_COUNT).toBe(6);
    expect(splitWishlist(books)).toEqual({ highPriority: [0, 1, 2, 3, 4, 5], rest: [6, 7, 8] });
    expect(splitWishlist([0, 1])).toEqual({ highPriority: [0, 1], rest: [] });
  });

  it('moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1 }), fc.nat(), fc.nat(), (items, a, b) => {
        const from = a % items.length;
        const to = b % items.length;
        const moved = moveItem(items, from, to);
        expect([...moved].sort()).toEqual([...items].sort());
        expect(moved[to]).toBe(items[from]);
      }),
    );
  });
});

describe('price alert matching', () => {
  const convert = (amount: number, from: string, to: string) => convertFixed(amount, from, to)!;
  const alert = { targetPrice: 500, currency: 'INR', platforms: [] as string[] };

  it('triggers at or below the target, not above it', () => {
    expect(triggeringPrice(alert, { price: 500, currency: 'INR', platform: null }, convert)).toBe(500);
    expect(triggeringPrice(alert, { price: 499.99, currency: 'INR', platform: 'Amazon.in' }, convert)).toBe(499.99);
    expect(triggeringPrice(alert, { price: 500.01, currency: 'INR', platform: null }, convert)).toBeNull();
  });

  it('converts a price in another currency into the alert’s', () => {
    // 6 USD = 499.50 INR; 6.01 USD = 500.33 INR.
    expect(triggeringPrice(alert, { price: 6, currency: 'USD', platform: null }, convert)).toBe(499.5);
    expect(triggeringPrice(alert, { price: 6.01, currency: 'USD', platform: null }, convert)).toBeNull();
  });

  it('watches only the platforms it names, ignoring case and spaces', () => {
    const onAmazon = { ...alert, platforms: ['Amazon.in'] };
    expect(triggeringPrice(onAmazon, { price: 400, currency: 'INR', platform: ' amazon.IN ' }, convert)).toBe(400);
    expect(triggeringPrice(onAmazon, { price: 400, currency: 'INR', platform: 'Flipkart' }, convert)).toBeNull();
    expect(triggeringPrice(onAmazon, { price: 400, currency: 'INR', platform: null }, convert)).toBeNull();
  });
});

describe('added price points', () => {
  const point = (date: string, price: number) => ({ date, price, currency: 'INR', platform: null });

  it('are the points an edit adds, counting repeats, not the ones it keeps', () => {
    const before = [point('2026-01-01', 500), point('2026-02-01', 450)];
    expect(addedPricePoints(before, [...before, point('2026-03-01', 400)])).toEqual([point('2026-03-01', 400)]);
    expect(addedPricePoints(before, before)).toEqual([]);
    expect(addedPricePoints(before, [point('2026-02-01', 450)])).toEqual([]);
    expect(addedPricePoints([point('2026-01-01', 500)], [point('2026-01-01', 500), point('2026-01-01', 500)])).toEqual([
      point('2026-01-01', 500),
    ]);
  });
});
