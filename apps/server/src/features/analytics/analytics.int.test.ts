import {
  AnalyticsPaths,
  BOOK_CURRENCIES,
  MoneyPaths,
  NO_GENRE,
  sumCents,
  VALUE_RATES_TO_INR,
  type CreateBookRequest,
  type LibraryValue,
  type Spending,
} from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, fxRates } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';

/**
 * Library value and spending (issue 13) on a real database: the spec's fixed rates to the cent, what is left
 * out, other readers' books, stored central-bank rates of each purchase day, and a library of 2,000 books.
 */
const NOW = new Date('2025-03-15T10:00:00Z');

async function addBook(browser: Browser, body: CreateBookRequest): Promise<string> {
  const res = await browser.post('/api/books', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const purchase = (price: number, currency: string, platform: string, purchaseDate?: string) =>
  ({ platform, price, currency, ...(purchaseDate ? { purchaseDate } : {}) }) as CreateBookRequest['purchaseInfo'];

async function value(browser: Browser, query = '') {
  const res = await browser.get(`${AnalyticsPaths.libraryValue}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LibraryValue>();
}

async function spending(browser: Browser, query = '') {
  const res = await browser.get(`${AnalyticsPaths.spending}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Spending>();
}

describe('with the fixed rates of core.md §9', () => {
  let t: TestApp;
  let reader: Browser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    reader = (await signUp(t.app)).browser;
    ids.usd = await addBook(reader, {
      title: 'Dune',
      author: 'Frank Herbert',
      genre: 'Fantasy',
      purchaseInfo: purchase(10, 'USD', 'Barnes & Noble', '2024-01-15'),
    });
    ids.inr = await addBook(reader, {
      title: 'Gitanjali',
      author: 'Rabindranath Tagore',
      genre: 'Fantasy',
      purchaseInfo: purchase(1000, 'INR', 'Amazon.in', '2024-02-03'),
    });
    // No purchase date: it counts on the day it was added (the clock's), and has no genre.
    ids.eur = await addBook(reader, {
      title: 'Momo',
      author: 'Michael Ende',
      purchaseInfo: purchase(20, 'EUR', 'Book Depository'),
    });
    ids.free = await addBook(reader, {
      title: 'A Free Chapbook',
      author: 'Anon',
      genre: 'Poetry',
      purchaseInfo: purchase(0, 'INR', 'Amazon.in', '2024-02-20'),
    });
    // Left out: a wishlist book, a book without purchase info, a deleted book, and another reader's books.
    await addBook(reader, {
      title: 'Wanted',
      author: 'W',
      status: 'wishlist',
      purchaseInfo: purchase(500, 'USD', 'Foyles'),
    });
    await addBook(reader, { title: 'Gift', author: 'G' });
    const deleted = await addBook(reader, { title: 'Gone', author: 'G', purchaseInfo: purchase(300, 'GBP', 'Foyles') });
    expect((await reader.delete(`/api/books/${deleted}`)).statusCode).toBeLessThan(300);
    const other = (await signUp(t.app)).browser;
    await addBook(other, { title: 'Theirs', author: 'T', purchaseInfo: purchase(999, 'USD', 'Foyles', '2024-01-15') });
  });
  afterAll(() => t.close());

  it('values the library at the fixed rates: 10 USD + 1000 INR + 20 EUR = 832.50 + 1000 + 1809 = 3641.50 INR', async () => {
    expect(await value(reader)).toEqual({
      totalInBaseCurrency: 3641.5,
      baseCurrency: 'INR',
      currencyBreakdown: [
        { currency: 'EUR', amount: 20, convertedAmount: 1809, rate: 90.45, count: 1 },
        { currency: 'INR', amount: 1000, convertedAmount: 1000, rate: 1, count: 2 },
        { currency: 'USD', amount: 10, convertedAmount: 832.5, rate: 83.25, count: 1 },
      ],
      conversionDate: '2025-03-15',
      ratesSource: 'fixed',
      bookCount: 4,
    });
  });

  it('adds up spending by currency, platform, genre and month, free books counted in the average only', async () => {
    const result = await spending(reader);
    expect(result).toEqual({
      totalSpent: 3641.5,
      totalSpentByCurrency: { EUR: 20, INR: 1000, USD: 10 },
      averageBookPrice: 910.38, // 3641.50 / 4 = 910.375, rounded half up
      spendingByPlatform: { 'Book Depository': 1809, 'Amazon.in': 1000, 'Barnes & Noble': 832.5 },
      spendingByGenre: { Fantasy: 1832.5, [NO_GENRE]: 1809, Poetry: 0 },
      spendingByMonth: { '2024-01': 832.5, '2024-02': 1000, '2025-03': 1809 },
      mostExpensiveBook: {
        id: ids.eur,
        title: 'Momo',
        author: 'Michael Ende',
        price: 20,
        currency: 'EUR',
        convertedAmount: 1809,
      },
      cheapestBook: {
        id: ids.usd,
        title: 'Dune',
        author: 'Frank Herbert',
        price: 10,
        currency: 'USD',
        convertedAmount: 832.5,
      },
      baseCurrency: 'INR',
      ratesSource: 'fixed',
      bookCount: 4,
    });
    // The records keep their order on the wire: months oldest first, platforms and genres largest first.
    expect(Object.keys(result.spendingByMonth)).toEqual(['2024-01', '2024-02', '2025-03']);
    expect(Object.keys(result.spendingByPlatform)).toEqual(['Book Depository', 'Amazon.in', 'Barnes & Noble']);
    for (const month of Object.keys(result.spendingByMonth)) expect(month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('counts in the currency asked for, through INR, each book to the cent and then added', async () => {
    const inUsd = await value(reader, '?baseCurrency=USD');
    expect(inUsd.baseCurrency).toBe('USD');
    expect(inUsd.totalInBaseCurrency).toBe(43.74); // 21.73 + 12.01 + 0 + 10
    expect(inUsd.currencyBreakdown).toEqual([
      { currency: 'EUR', amount: 20, convertedAmount: 21.73, rate: 1.08648649, count: 1 },
      { currency: 'INR', amount: 1000, convertedAmount: 12.01, rate: 0.01201201, count: 2 },
      { currency: 'USD', amount: 10, convertedAmount: 10, rate: 1, count: 1 },
    ]);
    const spent = await spending(reader, '?baseCurrency=USD');
    expect(spent).toMatchObject({ baseCurrency: 'USD', totalSpent: 43.74, averageBookPrice: 10.94 });
    expect(spent.mostExpensiveBook?.convertedAmount).toBe(21.73);
  });

  it('counts in the reader’s stored base currency when none is asked for', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, {
      title: 'Bought in Tokyo',
      author: 'J',
      purchaseInfo: purchase(1000, 'JPY', 'Other shop', '2024-05-01'),
    });
    expect((await value(browser)).totalInBaseCurrency).toBe(560); // JPY 0.56
    expect((await browser.patch(MoneyPaths.preferences, { baseCurrency: 'GBP' })).statusCode).toBe(200);
    const inGbp = await value(browser);
    expect(inGbp).toMatchObject({ baseCurrency: 'GBP', totalInBaseCurrency: 5.32 }); // 560 / 105.2
    expect((await spending(browser)).baseCurrency).toBe('GBP');
  });

  it('names a free book the cheapest only when every book was free', async () => {
    const { browser } = await signUp(t.app);
    const id = await addBook(browser, {
      title: 'Free',
      author: 'F',
      purchaseInfo: purchase(0, 'USD', 'Kiosk', '2024-03-01'),
    });
    const result = await spending(browser);
    expect(result.cheapestBook).toMatchObject({ id, price: 0, convertedAmount: 0 });
    expect(result.mostExpensiveBook).toMatchObject({ id });
    expect(result).toMatchObject({ totalSpent: 0, averageBookPrice: 0, bookCount: 1 });
  });

  it('answers zeros and nulls for a library without purchases', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, { title: 'Unpriced', author: 'U' });
    expect(await value(browser)).toEqual({
      totalInBaseCurrency: 0,
      baseCurrency: 'INR',
      currencyBreakdown: [],
      conversionDate: '2025-03-15',
      ratesSource: 'fixed',
      bookCount: 0,
    });
    expect(await spending(browser)).toMatchObject({
      totalSpent: 0,
      totalSpentByCurrency: {},
      averageBookPrice: 0,
      spendingByPlatform: {},
      spendingByGenre: {},
      spendingByMonth: {},
      mostExpensiveBook: null,
      cheapestBook: null,
      bookCount: 0,
    });
  });

  it('refuses a currency it does not know with a 400 naming the query’s baseCurrency', async () => {
    for (const path of [AnalyticsPaths.libraryValue, AnalyticsPaths.spending]) {
      for (const bad of ['XYZ', 'usd', '']) {
        const res = await reader.get(`${path}?baseCurrency=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          error: { code: 'VALIDATION_ERROR', issues: [{ path: 'querystring.baseCurrency' }] },
        });
      }
    }
  });

  it('answers 401 when signed out', async () => {
    const visitor = createBrowser(t.app);
    for (const path of [AnalyticsPaths.libraryValue, AnalyticsPaths.spending]) {
      expect((await visitor.get(path)).statusCode).toBe(401);
    }
  });

  it('adds up a library of 2,000 books, every currency and month, in the database', async () => {
    const { browser, me } = await signUp(t.app);
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const currency = BOOK_CURRENCIES[i % BOOK_CURRENCIES.length]!;
      const day = `${2023 + Math.floor(i / 1000)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      return {
        userId: me.id,
        title: `Book ${i}`,
        author: 'Bulk',
        searchText: `book ${i} bulk`,
        genre: i % 3 ? 'Fiction' : null,
        status: i % 10 === 0 ? 'wishlist' : 'owned',
        purchaseInfo: {
          platform: `Shop ${i % 5}`,
          price: (i % 50) + 0.25,
          currency,
          sellerName: null,
          purchaseDate: day,
          condition: null,
          notes: null,
        },
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db.insert(books).values(rows.slice(i, i + 500) as (typeof books.$inferInsert)[]);
    }
    // The expected figures in whole cents: each book converted and rounded half up, then added (issue 27), so
    // no float sum decides the test.
    const counted = rows.filter((r) => r.status !== 'wishlist');
    const byCurrency = new Map<string, number>(); // in cents
    let totalCents = 0n;
    for (const r of counted) {
      const { currency, price } = r.purchaseInfo;
      byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + Math.round(price * 100));
      const rateHundredths = BigInt(Math.round(VALUE_RATES_TO_INR[currency as 'INR'] * 100));
      totalCents += (BigInt(Math.round(price * 100)) * rateHundredths + 50n) / 100n;
    }
    const expectedTotal = Number(totalCents) / 100;

    const spent = await spending(browser);
    expect(spent.bookCount).toBe(1800);
    expect(spent.totalSpent).toBe(expectedTotal);
    expect(spent.totalSpentByCurrency).toEqual(
      Object.fromEntries([...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([c, cents]) => [c, cents / 100])),
    );
    expect(Object.keys(spent.spendingByMonth)).toHaveLength(24);
    expect(Object.keys(spent.spendingByPlatform)).toHaveLength(5);
    expect(Object.keys(spent.spendingByGenre).sort()).toEqual(['Fiction', NO_GENRE]);
    // The months add up to the total exactly: each adds the same per-book cents.
    expect(sumCents(Object.values(spent.spendingByMonth))).toBe(expectedTotal);
    expect(sumCents(Object.values(spent.spendingByPlatform))).toBe(expectedTotal);
    expect(spent.mostExpensiveBook).toMatchObject({ currency: 'GBP', price: 49.25 });
    expect(spent.cheapestBook).toMatchObject({ currency: 'JPY', price: 1.25 }); // the 0.25 ones are all on the wishlist;

    const worth = await value(browser);
    expect(worth.totalInBaseCurrency).toBe(expectedTotal);
    expect(sumCents(worth.currencyBreakdown.map((c) => c.convertedAmount))).toBe(expectedTotal);
    expect(worth.bookCount).toBe(1800);
    expect(worth.currencyBreakdown).toHaveLength(BOOK_CURRENCIES.length);
  });
});

describe('with stored central-bank rates', () => {
  let t: TestApp;
  let reader: Browser;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    await t.database.db.insert(fxRates).values([
      { currency: 'USD', day: '2024-01-02', perEuro: '1.10' },
      { currency: 'INR', day: '2024-01-02', perEuro: '90' },
      { currency: 'USD', day: '2024-06-03', perEuro: '1.20' },
      { currency: 'INR', day: '2024-06-03', perEuro: '100' },
    ]);
    reader = (await signUp(t.app)).browser;
    await addBook(reader, { title: 'January', author: 'J', purchaseInfo: purchase(10, 'USD', 'Shop', '2024-01-15') });
    await addBook(reader, { title: 'July', author: 'J', purchaseInfo: purchase(10, 'USD', 'Shop', '2024-07-01') });
    await addBook(reader, {
      title: 'Before any rate',
      author: 'J',
      purchaseInfo: purchase(10, 'USD', 'Shop', '2023-12-01'),
    });
    await addBook(reader, { title: 'In euros', author: 'J', purchaseInfo: purchase(10, 'EUR', 'Shop', '2024-03-01') });
    // The bank's rates stored here do not name pounds: they count at the fixed table's rate.
    await addBook(reader, { title: 'In pounds', author: 'J', purchaseInfo: purchase(10, 'GBP', 'Shop', '2024-03-01') });
  });
  afterAll(() => t.close());

  it('converts each purchase at the rate of its own day (the first stored one before any)', async () => {
    const result = await spending(reader);
    // January: 10 × 81.81818182 = 818.18; July: 10 × 83.33333333 = 833.33; December 2023: January's rate;
    // euros 10 × 90; pounds 10 × 105.2 (fixed).
    expect(result.spendingByMonth).toEqual({
      '2023-12': 818.18,
      '2024-01': 818.18,
      '2024-03': 1952,
      '2024-07': 833.33,
    });
    // Each purchase in cents, then added: 818.18 × 2 + 833.33 + 900 + 1052 (not the exact sum's 4421.70).
    expect(result.totalSpent).toBe(4421.69);
    expect(result.ratesSource).toBe('ecb');
  });

  it('values the library at the latest rates, and says which day’s', async () => {
    expect(await value(reader)).toEqual({
      totalInBaseCurrency: 4551.99, // 3 × 833.33 (10 × 83.33333333 each) + 10 × 105.2 + 10 × 100
      baseCurrency: 'INR',
      currencyBreakdown: [
        { currency: 'USD', amount: 30, convertedAmount: 2499.99, rate: 83.33333333, count: 3 },
        { currency: 'GBP', amount: 10, convertedAmount: 1052, rate: 105.2, count: 1 },
        { currency: 'EUR', amount: 10, convertedAmount: 1000, rate: 100, count: 1 },
      ],
      conversionDate: '2024-06-03',
      ratesSource: 'ecb',
      bookCount: 5,
    });
  });

  it('converts between two stored currencies through the euro', async () => {
    const inUsd = await value(reader, '?baseCurrency=USD');
    expect(inUsd.currencyBreakdown.find((c) => c.currency === 'EUR')).toMatchObject({ rate: 1.2, convertedAmount: 12 });
  });
});
