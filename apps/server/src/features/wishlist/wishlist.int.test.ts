import type { AddressInfo } from 'node:net';
import {
  convertAmount,
  MoneyPaths,
  sumCents,
  WISHLIST_PRICE_ESTIMATE,
  WishlistMessages,
  WishlistPaths,
  type PublicWishlist,
  type Rates,
  type Wishlist,
  type WishlistSharing,
} from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRIVATE = {
  notes: 'Ask Sam, he owes me one',
  review: 'secret thoughts',
  tags: ['birthday'],
  purchaseInfo: {
    platform: 'Amazon.in',
    price: 10.5,
    currency: 'INR',
    sellerName: 'Seller Private Ltd',
    purchaseDate: '2026-01-02',
    notes: 'purchase note',
  },
};

async function addBook(browser: Browser, body: object): Promise<string> {
  const res = await browser.post('/api/books', { author: 'Someone', status: 'wishlist', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function wishlistOf(browser: Browser, query = ''): Promise<Wishlist> {
  const res = await browser.get(`${WishlistPaths.wishlist}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (w: { books: { title: string }[] }) => w.books.map((b) => b.title);

describe('GET /api/wishlist', () => {
  it('answers the wishlist books only, newest first, with count and the spec’s estimated value', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, { title: 'Priced', ...PRIVATE });
    await addBook(browser, { title: 'Unpriced A' });
    await addBook(browser, {
      title: 'Priced 20',
      purchaseInfo: { platform: 'Flipkart', price: 20, currency: 'INR' },
    });
    await addBook(browser, { title: 'Unpriced B' });
    await addBook(browser, { title: 'Owned, not wished for', status: 'owned' });

    const wishlist = await wishlistOf(browser);
    expect(titles(wishlist)).toEqual(['Unpriced B', 'Priced 20', 'Unpriced A', 'Priced']);
    // core.md §9: 10.5 + 20 + 15 + 15.
    expect(wishlist).toMatchObject({ count: 4, estimatedValue: 60.5, currency: 'INR' });
    expect(wishlist.sharing).toEqual({ isPublic: false, token: null });
  });

  it('converts prices in other currencies into the currency asked for', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, {
      title: 'Dollars',
      purchaseInfo: { platform: 'Powells Books', price: 10, currency: 'USD' },
    });
    await addBook(browser, { title: 'No price' });
    // 10 USD is 832.50 INR at the spec's fixed rates; plus 15.
    expect(await wishlistOf(browser)).toMatchObject({ estimatedValue: 847.5, currency: 'INR' });
    expect(await wishlistOf(browser, '?currency=USD')).toMatchObject({ estimatedValue: 25, currency: 'USD' });
    expect((await browser.get(`${WishlistPaths.wishlist}?currency=XYZ`)).statusCode).toBe(400);
  });

  it('answers an empty wishlist with nothing to count, and 401 to a visitor', async () => {
    const { browser } = await signUp(t.app);
    expect(await wishlistOf(browser)).toMatchObject({ books: [], count: 0, estimatedValue: 0 });
    expect((await createBrowser(t.app).get(WishlistPaths.wishlist)).statusCode).toBe(401);
  });
});

describe('PUT /api/wishlist/order', () => {
  it('keeps the order it is given, ahead of books added later', async () => {
    const { browser } = await signUp(t.app);
    const a = await addBook(browser, { title: 'A' });
    const b = await addBook(browser, { title: 'B' });
    const c = await addBook(browser, { title: 'C' });
    const res = await browser.request({ method: 'PUT', url: WishlistPaths.order, payload: { bookIds: [a, c, b] } });
    expect(res.statusCode, res.body).toBe(204);
    await addBook(browser, { title: 'D' });
    expect(titles(await wishlistOf(browser))).toEqual(['A', 'C', 'B', 'D']);
  });

  it('refuses another reader’s book, a book not on the wishlist, or a repeat, naming bookIds and changing nothing', async () => {
    const { browser } = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await addBook(browser, { title: 'Mine' });
    const second = await addBook(browser, { title: 'Second' });
    const owned = await addBook(browser, { title: 'Owned', status: 'owned' });
    const theirs = await addBook(other.browser, { title: 'Theirs' });
    for (const bookIds of [[second, mine, theirs], [second, mine, owned], [mine, 'not-a-uuid'], [mine, mine], []]) {
      const res = await browser.request({ method: 'PUT', url: WishlistPaths.order, payload: { bookIds } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { issues: { path: string }[] } }>().error.issues[0]?.path).toMatch(/bookIds/);
    }
    expect(titles(await wishlistOf(browser))).toEqual(['Second', 'Mine']);
    expect(titles(await wishlistOf(other.browser))).toEqual(['Theirs']);
  });

  it('answers every one of many concurrent reorders of the same books, without a deadlock', async () => {
    const { browser } = await signUp(t.app);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) ids.push(await addBook(browser, { title }));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
    const orders = Array.from({ length: 24 }, (_, i) => [...ids].sort(() => (i % 2 ? 1 : -1) * (Math.random() - 0.3)));
    const statuses = await Promise.all(
      orders.map(async (bookIds, i) => {
        // Some requests change the same books' status and title at the same time, as another tab would.
        if (i % 4 === 0) {
          await fetch(`${origin}/api/books/${ids[i % ids.length]}`, {
            method: 'PATCH',
            headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'test' },
            body: JSON.stringify({ title: `Retitled ${i}`, status: 'wishlist' }),
          });
        }
        const res = await fetch(origin + WishlistPaths.order, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'test' },
          body: JSON.stringify({ bookIds }),
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    const final = await wishlistOf(browser);
    expect(final.count).toBe(6);
    expect(orders.map((o) => o.join())).toContain(final.books.map((b) => b.id).join());
  });
});

describe('sharing', () => {
  const share = async (browser: Browser) => {
    const res = await browser.post(WishlistPaths.share);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WishlistSharing>();
  };

  it('lets anyone with the link read it, signed out or as another reader, without private fields', async () => {
    const { browser, user } = await signUp(t.app, { name: 'Priya Shah' });
    await addBook(browser, {
      title: 'Wanted',
      coverUrl: 'https://covers.example.org/w.jpg',
      genre: 'Poetry',
      ...PRIVATE,
    });
    await addBook(browser, { title: 'Also wanted', publishedYear: 1999, format: 'audiobook' });
    await addBook(browser, { title: 'Owned', status: 'owned' });
    const sharing = await share(browser);
    expect(sharing.isPublic).toBe(true);
    expect(sharing.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await wishlistOf(browser)).sharing).toEqual(sharing);

    const visitor = createBrowser(t.app);
    const res = await visitor.get(WishlistPaths.shared(sharing.token!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const shared = res.json<PublicWishlist>();
    expect(shared).toEqual({
      ownerName: 'Priya Shah',
      count: 2,
      estimatedValue: 25.5,
      currency: 'INR',
      books: [
        {
          title: 'Also wanted',
          author: 'Someone',
          coverUrl: null,
          format: 'audiobook',
          genre: null,
          publishedYear: 1999,
          price: null,
        },
        {
          title: 'Wanted',
          author: 'Someone',
          coverUrl: 'https://covers.example.org/w.jpg',
          format: 'physical',
          genre: 'Poetry',
          publishedYear: null,
          price: { platform: 'Amazon.in', price: 10.5, currency: 'INR', convertedAmount: 10.5 },
        },
      ],
    });
    // Nothing of the owner's own record or account travels with it.
    for (const secret of [
      'Ask Sam',
      'secret thoughts',
      'birthday',
      'Seller Private',
      '2026-01-02',
      'purchase note',
      user.email,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/"(id|userId|accountId|notes|email)"/);

    const someoneElse = await signUp(t.app);
    expect((await someoneElse.browser.get(WishlistPaths.shared(sharing.token!))).json()).toEqual(shared);
  });

  it('gives each book in the header’s currency, the owner’s cards’ figures, adding up to the header', async () => {
    const { browser } = await signUp(t.app);
    expect((await browser.patch(MoneyPaths.preferences, { baseCurrency: 'USD' })).statusCode).toBe(200);
    for (const [title, price, currency] of [
      ['Euros', 54.95, 'EUR'],
      ['Pounds', 20.5, 'GBP'],
      ['Yen', 3300, 'JPY'],
      ['Rupees', 499, 'INR'],
      ['Dollars', 12.99, 'USD'],
    ] as const) {
      await addBook(browser, { title, purchaseInfo: { platform: 'Somewhere', price, currency } });
    }
    await addBook(browser, { title: 'No price' });
    const token = (await share(browser)).token!;
    const visitor = createBrowser(t.app);

    // Without ?currency= the visitor sees the owner's base currency; asked, another one.
    for (const [query, currency] of [
      ['', 'USD'],
      ['?currency=EUR', 'EUR'],
    ] as const) {
      const res = await visitor.get(`${WishlistPaths.shared(token)}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const shared = res.json<PublicWishlist>();
      expect(shared.currency).toBe(currency);
      const owner = await wishlistOf(browser, `?currency=${currency}`);
      // The owner's cards convert at today's rates into the header's currency (PriceLabel, GET /api/money/rates).
      const rates = (await browser.get(`${MoneyPaths.rates}?base=${currency}`)).json<Rates>();
      const cards = shared.books.map((b) => b.price?.convertedAmount ?? WISHLIST_PRICE_ESTIMATE);
      expect(cards).toEqual(
        owner.books.map((b) =>
          b.purchaseInfo ? convertAmount(b.purchaseInfo.price, rates.rates[b.purchaseInfo.currency]) : 15,
        ),
      );
      expect(shared.books.find((b) => b.price?.currency === currency)?.price?.convertedAmount).toBe(
        owner.books.find((b) => b.purchaseInfo?.currency === currency)?.purchaseInfo?.price,
      );
      // Each book to the cent, then added: the cards a visitor sees are the header's parts.
      expect(sumCents(cards)).toBe(shared.estimatedValue);
      expect(shared.estimatedValue).toBe(owner.estimatedValue);
    }
  });

  it('answers not found once sharing is off, and for the old link once it is regenerated', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, { title: 'Wanted' });
    const visitor = createBrowser(t.app);
    const first = (await share(browser)).token!;
    expect((await visitor.get(WishlistPaths.shared(first))).statusCode).toBe(200);

    const second = (await share(browser)).token!;
    expect(second).not.toBe(first);
    const old = await visitor.get(WishlistPaths.shared(first));
    expect(old.statusCode).toBe(404);
    expect((await visitor.get(WishlistPaths.shared(second))).statusCode).toBe(200);

    const off = await browser.delete(WishlistPaths.share);
    expect(off.json()).toEqual({ isPublic: false, token: null });
    const revoked = await visitor.get(WishlistPaths.shared(second));
    expect(revoked.statusCode).toBe(404);
    expect((await wishlistOf(browser)).sharing).toEqual({ isPublic: false, token: null });

    // Revoked, replaced, never made or malformed: the same answer, so none tells a visitor anything.
    const never = await visitor.get(WishlistPaths.shared('A'.repeat(43)));
    const malformed = await visitor.get(WishlistPaths.shared('nope'));
    for (const res of [old, revoked, never, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: object }>().error).toMatchObject({
        code: 'NOT_FOUND',
        message: WishlistMessages.sharedNotFound,
      });
    }
  });

  it('needs a signed-in owner to turn sharing on or off', async () => {
    const visitor = createBrowser(t.app);
    expect((await visitor.post(WishlistPaths.share)).statusCode).toBe(401);
    expect((await visitor.delete(WishlistPaths.share)).statusCode).toBe(401);
  });

  it('limits how fast one address reads shared wishlists', async () => {
    const visitor = createBrowser(t.app);
    let last = 0;
    for (let i = 0; i < 61; i += 1) last = (await visitor.get(WishlistPaths.shared('x'))).statusCode;
    expect(last).toBe(429);
  });
});
