import { WishlistMessages, WishlistPaths, type SavedPriceAlert } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function addBook(browser: Browser, title: string): Promise<string> {
  const res = await browser.post('/api/books', { title, author: 'Someone', status: 'wishlist' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function addAlert(browser: Browser, body: object): Promise<SavedPriceAlert> {
  const res = await browser.post(WishlistPaths.alerts, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const alertsOf = async (browser: Browser) => (await browser.get(WishlistPaths.alerts)).json<SavedPriceAlert[]>();

const point = (date: string, price: number, currency = 'INR', platform: string | null = null) => ({
  date,
  price,
  currency,
  platform,
});

async function setPrices(browser: Browser, bookId: string, priceHistory: object[]) {
  const res = await browser.patch(`/api/books/${bookId}`, { priceHistory });
  expect(res.statusCode, res.body).toBe(200);
}

const triggeredEvents = async (alertId: string) =>
  (await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.name, 'price.alert_triggered'))).filter(
    (e) => (e.payload as { alertId: string }).alertId === alertId,
  );

describe('price alerts: create, list, delete', () => {
  it('creates an alert on the reader’s own book and lists it, newest first', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, 'Dune');
    const first = await addAlert(browser, { bookId: book, targetPrice: 299.5, currency: 'INR', platforms: [] });
    const second = await addAlert(browser, {
      bookId: book,
      targetPrice: 5,
      currency: 'USD',
      platforms: [' Amazon.in ', 'Flipkart', 'Amazon.in', ''],
    });
    expect(first).toMatchObject({
      bookId: book,
      targetPrice: 299.5,
      currency: 'INR',
      platforms: [],
      triggeredAt: null,
    });
    expect(second.platforms).toEqual(['Amazon.in', 'Flipkart']);
    expect((await alertsOf(browser)).map((a) => a.id)).toEqual([second.id, first.id]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { browser } = await signUp(t.app);
    const bookId = await addBook(browser, 'Emma');
    const cases: [object, string][] = [
      [{ bookId, targetPrice: -1, currency: 'INR', platforms: [] }, 'targetPrice'],
      [{ bookId, targetPrice: 1.005, currency: 'INR', platforms: [] }, 'targetPrice'],
      [{ bookId, targetPrice: 10, currency: 'XYZ', platforms: [] }, 'currency'],
      [{ bookId: 'nope', targetPrice: 10, currency: 'INR', platforms: [] }, 'bookId'],
      [
        { bookId, targetPrice: 10, currency: 'INR', platforms: Array.from({ length: 21 }, (_, i) => `P${i}`) },
        'platforms',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await browser.post(WishlistPaths.alerts, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('answers 404 for another reader’s book or alert, and leaves theirs alone', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const book = await addBook(owner.browser, 'Kindred');
    const alert = await addAlert(owner.browser, { bookId: book, targetPrice: 100, currency: 'INR', platforms: [] });

    const onTheirBook = await other.browser.post(WishlistPaths.alerts, {
      bookId: book,
      targetPrice: 1,
      currency: 'INR',
      platforms: [],
    });
    expect(onTheirBook.statusCode).toBe(404);
    const deleteTheirs = await other.browser.delete(WishlistPaths.alert(alert.id));
    expect(deleteTheirs.statusCode).toBe(404);
    expect(deleteTheirs.json<{ error: { message: string } }>().error.message).toBe(WishlistMessages.alertNotFound);
    expect(await alertsOf(other.browser)).toEqual([]);
    expect(await alertsOf(owner.browser)).toHaveLength(1);
    expect((await createBrowser(t.app).get(WishlistPaths.alerts)).statusCode).toBe(401);

    expect((await owner.browser.delete(WishlistPaths.alert(alert.id))).statusCode).toBe(204);
    expect(await alertsOf(owner.browser)).toEqual([]);
    expect((await owner.browser.delete(WishlistPaths.alert(alert.id))).statusCode).toBe(404);
  });
});

describe('price alerts: triggering', () => {
  it('triggers when a new price at or below the target is recorded, and publishes price.alert_triggered', async () => {
    const { browser, me } = await signUp(t.app);
    const book = await addBook(browser, 'Middlemarch');
    const alert = await addAlert(browser, { bookId: book, targetPrice: 400, currency: 'INR', platforms: [] });

    await setPrices(browser, book, [point('2026-01-01', 450)]);
    expect((await alertsOf(browser))[0]).toMatchObject({ triggeredAt: null, triggeredPrice: null });
    expect(await triggeredEvents(alert.id)).toEqual([]);

    await setPrices(browser, book, [point('2026-01-01', 450), point('2026-02-01', 400), point('2026-02-02', 380)]);
    const [triggered] = await alertsOf(browser);
    expect(triggered).toMatchObject({ triggeredPrice: 380 });
    expect(triggered!.triggeredAt).toEqual(expect.any(String));
    const events = await triggeredEvents(alert.id);
    expect(events.map((e) => e.payload)).toEqual([
      {
        userId: me.id,
        alertId: alert.id,
        bookId: book,
        at: triggered!.triggeredAt,
        targetPrice: 400,
        price: 380,
        currency: 'INR',
        platform: null,
        book: { title: 'Middlemarch', author: 'Someone', coverUrl: null },
      },
    ]);

    // Triggered once: a lower price later raises no second event.
    await setPrices(browser, book, [point('2026-03-01', 100)]);
    expect(await triggeredEvents(alert.id)).toHaveLength(1);
  });

  it('ignores prices an edit keeps, other platforms, and prices above the target after conversion', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, 'Beloved');
    await setPrices(browser, book, [point('2026-01-01', 100)]);
    const onAmazon = await addAlert(browser, {
      bookId: book,
      targetPrice: 500,
      currency: 'INR',
      platforms: ['Amazon.in'],
    });
    const inDollars = await addAlert(browser, { bookId: book, targetPrice: 6, currency: 'USD', platforms: [] });

    // The 100 was there before the alerts: editing the book again does not count it as new.
    const edit = await browser.patch(`/api/books/${book}`, {
      title: 'Beloved (2nd)',
      priceHistory: [point('2026-01-01', 100)],
    });
    expect(edit.statusCode).toBe(200);
    // 510 INR is 6.13 USD: above the dollar target; Flipkart is not watched by the other.
    await setPrices(browser, book, [point('2026-01-01', 100), point('2026-02-01', 510, 'INR', 'Flipkart')]);
    expect((await alertsOf(browser)).every((a) => a.triggeredAt === null)).toBe(true);

    // 499 INR = 5.99 USD meets the dollar alert; on Amazon.in it meets the platform alert too.
    await setPrices(browser, book, [point('2026-03-01', 499, 'INR', 'amazon.in')]);
    const byId = new Map((await alertsOf(browser)).map((a) => [a.id, a]));
    expect(byId.get(onAmazon.id)).toMatchObject({ triggeredPrice: 499 });
    expect(byId.get(inDollars.id)).toMatchObject({ triggeredPrice: 5.99, currency: 'USD' });
    expect(await triggeredEvents(inDollars.id)).toHaveLength(1);
  });

  it('does not trigger when the change that recorded the price fails', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, 'Persuasion');
    const alert = await addAlert(browser, { bookId: book, targetPrice: 400, currency: 'INR', platforms: [] });
    const res = await browser.patch(`/api/books/${book}`, {
      priceHistory: [point('2026-01-01', 100)],
      accountId: 'no-such-account',
    });
    expect(res.statusCode).toBe(400);
    expect((await alertsOf(browser))[0]).toMatchObject({ triggeredAt: null });
    expect(await triggeredEvents(alert.id)).toEqual([]);
  });
});
