import { DISPLAY_CURRENCIES, fixedRate, MoneyMessages, type MoneyPreferences, type Rates } from '@bookshelf/contract';
import { ECB_HISTORY_PATH, startFakeEcbRates, type FakeServer } from '@bookshelf/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';
import { until } from '../../test/jobs.js';

/** Money settings, platforms of one's own, and rates: core.md §9's fixed tables, then the bank's real ones. */
describe('money without FX_RATES_URL (the fixed tables)', () => {
  let t: TestApp;
  let reader: Browser;
  let other: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    reader = (await signUp(t.app)).browser;
    other = (await signUp(t.app)).browser;
  });
  afterAll(() => t.close());

  it('answers the spec’s defaults before anything is saved, and keeps what is saved per reader', async () => {
    const first = await reader.get('/api/money/preferences');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual<MoneyPreferences>({
      baseCurrency: null,
      showMultipleCurrencies: true,
      showConversionRates: true,
      showSymbols: true,
      showCodes: false,
      customPlatforms: [],
      ratesSource: 'fixed',
    });
    const saved = await reader.patch('/api/money/preferences', { baseCurrency: 'GBP', showCodes: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ baseCurrency: 'GBP', showCodes: true, showSymbols: true });
    const again = await reader.patch('/api/money/preferences', { showSymbols: false });
    expect(again.json()).toMatchObject({ baseCurrency: 'GBP', showCodes: true, showSymbols: false });
    expect((await other.get('/api/money/preferences')).json()).toMatchObject({ baseCurrency: null, showCodes: false });
  });

  it('refuses a currency it does not know and an empty change, naming the field, and changes nothing', async () => {
    const bad = await reader.patch('/api/money/preferences', { baseCurrency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('baseCurrency');
    expect((await reader.patch('/api/money/preferences', {})).statusCode).toBe(400);
    expect((await reader.patch('/api/money/preferences', { showCodes: 'yes' })).statusCode).toBe(400);
    expect((await reader.get('/api/money/preferences')).json()).toMatchObject({ baseCurrency: 'GBP' });
  });

  it('is for signed-in readers only', async () => {
    const stranger = createBrowser(t.app);
    expect((await stranger.get('/api/money/preferences')).statusCode).toBe(401);
    expect((await stranger.get('/api/money/rates?base=INR')).statusCode).toBe(401);
    expect((await stranger.post('/api/money/platforms', { name: 'X', defaultCurrency: 'USD' })).statusCode).toBe(401);
  });

  it('adds a platform once, in any case, never a built-in one again, and removes it', async () => {
    const add = (name: string) => reader.post('/api/money/platforms', { name, defaultCurrency: 'USD' });
    expect((await add('  Strand Books ')).json()).toEqual({
      customPlatforms: [{ name: 'Strand Books', defaultCurrency: 'USD' }],
    });
    expect((await add('strand books')).json().customPlatforms).toHaveLength(1);
    expect((await add('amazon.in')).json().customPlatforms).toHaveLength(1);
    // Tabs adding the same new platform at once: it is listed once, spelt as whichever request came first.
    await Promise.all([add('Daunt Books'), add('Daunt Books'), add('DAUNT BOOKS')]);
    const listed = (await reader.get('/api/money/preferences')).json<MoneyPreferences>().customPlatforms;
    expect(listed.map((p) => p.name.toLowerCase())).toEqual(['strand books', 'daunt books']);
    expect((await other.get('/api/money/preferences')).json<MoneyPreferences>().customPlatforms).toEqual([]);

    expect((await reader.delete('/api/money/platforms/strand%20BOOKS')).statusCode).toBe(204);
    const gone = await reader.delete('/api/money/platforms/Strand%20Books');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(MoneyMessages.unknownPlatform);
    expect((await other.delete('/api/money/platforms/Daunt%20Books')).statusCode).toBe(404);
    expect((await add('   ')).statusCode).toBe(400);
  });

  it('stops at the limit of platforms with a 400 naming the name', async () => {
    const { browser } = await signUp(t.app);
    for (let i = 0; i < 50; i += 1) {
      expect(
        (await browser.post('/api/money/platforms', { name: `Shop ${i}`, defaultCurrency: 'EUR' })).statusCode,
      ).toBe(200);
    }
    const full = await browser.post('/api/money/platforms', { name: 'One too many', defaultCurrency: 'EUR' });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toBe(MoneyMessages.platformsFull);
    expect(JSON.stringify(full.json())).toContain('name');
  });

  it('answers one fixed table crossed through INR: the spec’s examples, and no pair at 1 but the same currency', async () => {
    const inr = (await reader.get('/api/money/rates?base=INR')).json<Rates>();
    expect(inr).toMatchObject({ base: 'INR', source: 'fixed', date: null });
    expect(inr.rates.USD).toBe(83.25);
    expect(inr.rates.INR).toBe(1);
    expect((await reader.get('/api/money/rates?base=EUR')).json<Rates>().rates.USD.toFixed(2)).toBe('0.92');
    const usd = (await reader.get('/api/money/rates?base=USD')).json<Rates>();
    expect(usd.rates.INR.toFixed(4)).toBe('0.0120');
    // The issue's ¥1,980 at "1 JPY = 1.0000 USD": every pair now has its own rate, the one the sums use.
    for (const code of DISPLAY_CURRENCIES) {
      expect(usd.rates[code]).toBe(fixedRate(code, 'USD'));
      if (code !== 'USD') expect(usd.rates[code]).not.toBe(1);
    }
    expect(usd.rates.JPY).toBe(0.00672673);
    expect((await reader.get('/api/money/rates?base=XYZ')).statusCode).toBe(400);
    expect((await reader.get('/api/money/rates?base=INR&date=yesterday')).statusCode).toBe(400);
  });
});

describe('money with FX_RATES_URL (the central bank’s rates)', () => {
  let fake: FakeServer;
  let t: TestApp;
  let reader: Browser;

  beforeAll(async () => {
    fake = await startFakeEcbRates();
    t = await createTestApp({ fxRatesUrl: `${fake.url}${ECB_HISTORY_PATH}` });
    reader = (await signUp(t.app)).browser;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const storedDays = async () =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(distinct day)::int as n from fx_rates`))[0]!.n;

  it('fetches the history once a reader needs rates, then converts at the rate of the day asked for', async () => {
    expect((await reader.get('/api/money/preferences')).json()).toMatchObject({ ratesSource: 'fixed' });
    await until(async () => (await storedDays()) === 2);
    expect(fake.requestsTo('GET', ECB_HISTORY_PATH)).toHaveLength(1);
    expect((await reader.get('/api/money/preferences')).json()).toMatchObject({ ratesSource: 'ecb' });

    const january = (await reader.get('/api/money/rates?base=INR&date=2024-03-01')).json<Rates>();
    expect(january).toMatchObject({ base: 'INR', source: 'ecb', date: '2024-01-02' });
    expect(january.rates.USD).toBeCloseTo(91.2195 / 1.0956, 4);
    expect(january.rates.EUR).toBeCloseTo(91.2195, 4);
    expect(january.rates.INR).toBe(1);
    const june = (await reader.get('/api/money/rates?base=INR&date=2024-06-10')).json<Rates>();
    expect(june.date).toBe('2024-06-03');
    expect(june.rates.USD).toBeCloseTo(90.2665 / 1.0842, 4);
    // Before the first published day: the first day's rates, the nearest known.
    const early = (await reader.get('/api/money/rates?base=USD&date=2020-01-01')).json<Rates>();
    expect(early.rates.EUR).toBeCloseTo(1.0956, 4);
  });

  it('adds only days it does not have on the next fetch, and skips a fetch while the last one is fresh', async () => {
    await t.app.jobs.drain();
    const before = fake.requestsTo('GET', ECB_HISTORY_PATH).length;
    await reader.get('/api/money/preferences');
    expect(fake.requestsTo('GET', ECB_HISTORY_PATH)).toHaveLength(before);
    expect(await storedDays()).toBe(2);
  });
});
