import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../db/client.js';
import { accounts, apiTokens, books, passwordResets, sessions, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createBrowser, signUp, type Browser } from '../test/browser.js';

/**
 * What PostgreSQL cannot store, thrown at every field and filter that takes text or a date: each must be
 * refused with a 400 naming the field, before anything reaches the database (it answered 500 before).
 */
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00b';
const UNSTORABLE_TEXT = { NUL, 'lone high surrogate': LONE_HIGH, 'lone low surrogate': LONE_LOW };
const YEAR_ZERO = ['0000-01-01', '0000-06-01T10:00:00Z', '0001-01-01T00:30:00+01:00'];

let t: TestApp;
let browser: Browser;
let bookId: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ browser } = await signUp(t.app));
  const book = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert', status: 'read' });
  expect(book.statusCode, book.body).toBe(201);
  bookId = book.json<{ id: string }>().id;
  const account = await browser.post('/api/accounts', { name: 'Kobo', type: 'kobo' });
  expect(account.statusCode, account.body).toBe(201);
  accountId = account.json<{ id: string }>().id;
  const token = await browser.post('/api/me/tokens', { name: 'script' });
  expect(token.statusCode, token.body).toBe(201);
});
afterAll(() => t.close());

/** Everything a refused request could have touched: the reader's library as the API shows it, and row counts. */
async function snapshot() {
  const tables = { users, sessions, passwordResets, apiTokens, books, accounts } satisfies Partial<Schema>;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  const [library, accountList, me, tokens] = await Promise.all(
    ['/api/books?limit=200', '/api/accounts', '/api/me', '/api/me/tokens'].map(async (url) => {
      const res = await browser.get(url);
      return res.body;
    }),
  );
  return { counts, library, accountList, me, tokens };
}

async function expectRefused(send: () => ReturnType<Browser['request']>, path: string): Promise<void> {
  const before = await snapshot();
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.message).toContain(`Invalid ${path}:`);
  expect(await snapshot()).toEqual(before);
}

type Case = [label: string, method: 'POST' | 'PATCH', url: () => string, body: (bad: string) => object, path: string];

const book = { title: 'T', author: 'A' };
const purchase = { platform: 'Amazon', price: 1, currency: 'USD' };
const bodyCases: Case[] = [
  ['book title', 'POST', () => '/api/books', (bad) => ({ ...book, title: bad }), 'body.title'],
  ['book author', 'POST', () => '/api/books', (bad) => ({ ...book, author: bad }), 'body.author'],
  ['book notes', 'POST', () => '/api/books', (bad) => ({ ...book, notes: bad }), 'body.notes'],
  ['book tag', 'POST', () => '/api/books', (bad) => ({ ...book, tags: ['ok', bad] }), 'body.tags.1'],
  ['book isbn', 'POST', () => '/api/books', (bad) => ({ ...book, isbn: `978${bad}` }), 'body.isbn'],
  ['book review', 'POST', () => '/api/books', (bad) => ({ ...book, review: bad }), 'body.review'],
  ['book genre', 'POST', () => '/api/books', (bad) => ({ ...book, genre: bad }), 'body.genre'],
  ['book publisher', 'POST', () => '/api/books', (bad) => ({ ...book, publisher: bad }), 'body.publisher'],
  ['book cover', 'POST', () => '/api/books', (bad) => ({ ...book, coverUrl: `https://x.org/${bad}` }), 'body.coverUrl'],
  ['book account', 'POST', () => '/api/books', (bad) => ({ ...book, accountId: bad }), 'body.accountId'],
  [
    'purchase notes (jsonb)',
    'POST',
    () => '/api/books',
    (bad) => ({ ...book, purchaseInfo: { ...purchase, notes: bad } }),
    'body.purchaseInfo.notes',
  ],
  [
    'purchase seller (jsonb)',
    'POST',
    () => '/api/books',
    (bad) => ({ ...book, purchaseInfo: { ...purchase, sellerName: bad } }),
    'body.purchaseInfo.sellerName',
  ],
  [
    'edition details (jsonb)',
    'POST',
    () => '/api/books',
    (bad) => ({ ...book, specialEdition: { type: 'signed', details: bad } }),
    'body.specialEdition.details',
  ],
  [
    'price point platform (jsonb)',
    'POST',
    () => '/api/books',
    (bad) => ({ ...book, priceHistory: [{ date: '2024-01-01', price: 1, currency: 'USD', platform: bad }] }),
    'body.priceHistory.0.platform',
  ],
  ['patched title', 'PATCH', () => `/api/books/${bookId}`, (bad) => ({ title: bad }), 'body.title'],
  ['patched notes', 'PATCH', () => `/api/books/${bookId}`, (bad) => ({ notes: bad }), 'body.notes'],
  ['patched tag', 'PATCH', () => `/api/books/${bookId}`, (bad) => ({ tags: [bad] }), 'body.tags.0'],
  ['patched isbn', 'PATCH', () => `/api/books/${bookId}`, (bad) => ({ isbn: bad }), 'body.isbn'],
  ['patched review', 'PATCH', () => `/api/books/${bookId}`, (bad) => ({ review: bad }), 'body.review'],
  [
    'patched purchase notes (jsonb)',
    'PATCH',
    () => `/api/books/${bookId}`,
    (bad) => ({ purchaseInfo: { ...purchase, notes: bad } }),
    'body.purchaseInfo.notes',
  ],
  ['bulk add tag', 'POST', () => '/api/books/bulk', (bad) => ({ ids: [bookId], addTag: bad }), 'body.addTag'],
  ['bulk remove tag', 'POST', () => '/api/books/bulk', (bad) => ({ ids: [bookId], removeTag: bad }), 'body.removeTag'],
  [
    'revert tag',
    'POST',
    () => '/api/books/bulk/revert',
    (bad) => ({ books: [{ id: bookId, status: 'owned', dateRead: null, tags: [bad] }] }),
    'body.books.0.tags.0',
  ],
  ['account name', 'POST', () => '/api/accounts', (bad) => ({ name: bad, type: 'kobo' }), 'body.name'],
  [
    'account description',
    'POST',
    () => '/api/accounts',
    (bad) => ({ name: 'N', type: 'kobo', description: bad }),
    'body.description',
  ],
  [
    'account custom type',
    'POST',
    () => '/api/accounts',
    (bad) => ({ name: 'N', type: 'other', customType: bad }),
    'body.customType',
  ],
  [
    'account e-mail',
    'POST',
    () => '/api/accounts',
    (bad) => ({ name: 'N', type: 'kobo', email: `${bad}@x.org` }),
    'body.email',
  ],
  ['patched account name', 'PATCH', () => `/api/accounts/${accountId}`, (bad) => ({ name: bad }), 'body.name'],
  [
    'patched account description',
    'PATCH',
    () => `/api/accounts/${accountId}`,
    (bad) => ({ description: bad }),
    'body.description',
  ],
  ['profile name', 'PATCH', () => '/api/me', (bad) => ({ name: bad }), 'body.name'],
  ['profile avatar', 'PATCH', () => '/api/me', (bad) => ({ avatar: `https://x.org/${bad}` }), 'body.avatar'],
  ['API token name', 'POST', () => '/api/me/tokens', (bad) => ({ name: bad }), 'body.name'],
];

const publicCases: Case[] = [
  [
    'login e-mail',
    'POST',
    () => '/api/auth/login',
    (bad) => ({ email: `${bad}@x.org`, password: 'whatever1' }),
    'body.email',
  ],
  [
    'forgot-password e-mail',
    'POST',
    () => '/api/auth/password/forgot',
    (bad) => ({ email: `${bad}@x.org` }),
    'body.email',
  ],
  [
    'register name',
    'POST',
    () => '/api/auth/register',
    (bad) => ({ name: bad, email: 'new@x.org', password: 'correct horse battery' }),
    'body.name',
  ],
  [
    'register e-mail',
    'POST',
    () => '/api/auth/register',
    (bad) => ({ name: 'N', email: `${bad}@x.org`, password: 'correct horse battery' }),
    'body.email',
  ],
  [
    'reset token',
    'POST',
    () => '/api/auth/password/reset',
    (bad) => ({ token: bad, password: 'correct horse battery' }),
    'body.token',
  ],
  ['sign-up link token', 'POST', () => '/api/auth/verify-email', (bad) => ({ token: bad }), 'body.token'],
];

describe.each(Object.entries(UNSTORABLE_TEXT))('text with a %s', (_, bad) => {
  it.each(bodyCases)('is refused in the %s', async (_label, method, url, body, path) => {
    await expectRefused(() => browser.request({ method, url: url(), payload: body(bad) }), path);
  });

  it.each(publicCases)('is refused in the signed-out %s', async (_label, method, url, body, path) => {
    const stranger = createBrowser(t.app);
    await expectRefused(() => stranger.request({ method, url: url(), payload: body(bad) }), path);
  });
});

describe('a NUL in a library filter', () => {
  it.each(['genre', 'tag', 'accountId', 'q'])('is refused in ?%s=', async (name) => {
    await expectRefused(() => browser.get(`/api/books?${name}=a%00b`), `querystring.${name}`);
  });
});

describe('a NUL in an account id in the path', () => {
  it('is refused when changing or deleting the account', async () => {
    await expectRefused(() => browser.patch('/api/accounts/a%00b', { name: 'N' }), 'params.id');
    await expectRefused(() => browser.delete('/api/accounts/a%00b'), 'params.id');
  });
});

describe.each(YEAR_ZERO)('the date %s, which falls in year 0000', (date) => {
  it('is refused as the date read of a new book', async () => {
    await expectRefused(() => browser.post('/api/books', { ...book, status: 'read', dateRead: date }), 'body.dateRead');
  });

  it('is refused as the date read of a changed book', async () => {
    await expectRefused(() => browser.patch(`/api/books/${bookId}`, { dateRead: date }), 'body.dateRead');
  });

  it('is refused as the date read an Undo puts back', async () => {
    const iso = date.length === 10 ? `${date}T00:00:00Z` : date;
    await expectRefused(
      () =>
        browser.post('/api/books/bulk/revert', {
          books: [{ id: bookId, status: 'read', dateRead: iso, tags: [] }],
        }),
      'body.books.0.dateRead',
    );
  });
});

describe('dates the schema bounds', () => {
  it('refuses purchase and price dates in year 0000 too', async () => {
    await expectRefused(
      () => browser.post('/api/books', { ...book, purchaseInfo: { ...purchase, purchaseDate: '0000-01-01' } }),
      'body.purchaseInfo.purchaseDate',
    );
    await expectRefused(
      () =>
        browser.post('/api/books', {
          ...book,
          priceHistory: [{ date: '0000-01-01', price: 1, currency: 'USD' }],
        }),
      'body.priceHistory.0.date',
    );
  });

  it('refuses dates before year 1000, which the drivers read back in the wrong century', async () => {
    for (const dateRead of ['0001-01-01', '0099-12-31T12:00:00Z', '0999-12-31', '1000-01-01T00:30:00+01:00']) {
      await expectRefused(() => browser.patch(`/api/books/${bookId}`, { status: 'read', dateRead }), 'body.dateRead');
    }
  });

  it('stores the first and last moments of the range and answers them unchanged', async () => {
    for (const dateRead of ['1000-01-01', '9999-12-31T23:59:59Z']) {
      const res = await browser.patch(`/api/books/${bookId}`, { status: 'read', dateRead });
      expect(res.statusCode, res.body).toBe(200);
      expect(new Date(res.json<{ dateRead: string }>().dateRead).getTime()).toBe(new Date(dateRead).getTime());
    }
  });
});

describe('money the schema bounds', () => {
  // A tolerance in cents let these through, and they were stored as sent: 1e-300 came back as a price.
  const NOT_CENTS = [1e-300, 0.000001, 19.990000001];
  const moneyCases: [label: string, body: (price: number) => object, path: string][] = [
    [
      'current value',
      (price) => ({ ...book, currentValue: { amount: price, currency: 'USD' } }),
      'body.currentValue.amount',
    ],
    ['purchase price', (price) => ({ ...book, purchaseInfo: { ...purchase, price } }), 'body.purchaseInfo.price'],
    [
      'price point',
      (price) => ({ ...book, priceHistory: [{ date: '2024-01-01', price, currency: 'USD' }] }),
      'body.priceHistory.0.price',
    ],
  ];

  it.each(moneyCases)('refuses a %s with more than 2 decimals, however small', async (_label, body, path) => {
    for (const price of NOT_CENTS) await expectRefused(() => browser.post('/api/books', body(price)), path);
    await expectRefused(() => browser.patch(`/api/books/${bookId}`, body(NOT_CENTS[0]!)), path);
  });

  it('keeps a price with 2 decimals exactly', async () => {
    const res = await browser.post('/api/books', { ...book, currentValue: { amount: 19.99, currency: 'USD' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ currentValue: { amount: number } }>().currentValue.amount).toBe(19.99);
    expect((await browser.delete(`/api/books/${res.json<{ id: string }>().id}`)).statusCode).toBe(204);
  });
});

describe('a date read that is not a date', () => {
  it('is refused with a message that says so, not only "Invalid input"', async () => {
    for (const dateRead of ['yesterday', '2024-02-30', '2024-13-01T00:00:00Z']) {
      const res = await browser.patch(`/api/books/${bookId}`, { status: 'read', dateRead });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe('Invalid body.dateRead: Date read must be a date.');
    }
  });
});

describe('money settings (issue 27: a NUL in a platform name was a 500)', () => {
  const preferences = async () => (await browser.get('/api/money/preferences')).body;

  it.each(Object.entries(UNSTORABLE_TEXT))('refuses a %s in a custom platform’s name', async (_, bad) => {
    const before = await preferences();
    await expectRefused(() => browser.post('/api/money/platforms', { name: bad, defaultCurrency: 'USD' }), 'body.name');
    expect(await preferences()).toBe(before);
  });

  it('refuses a NUL written as %00 in the path of a platform to remove', async () => {
    const before = await preferences();
    await expectRefused(() => browser.delete('/api/money/platforms/%00'), 'params.name');
    await expectRefused(() => browser.delete('/api/money/platforms/a%00b'), 'params.name');
    expect(await preferences()).toBe(before);
  });

  it.each(['0000-01-01', '2024-02-30', '2023-02-29', '2024-13-01', '0999-12-31'])(
    'answers rates for %s, which is no day it can name, 400 naming the field',
    async (date) => {
      const res = await browser.get(`/api/money/rates?base=USD&date=${date}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(/^Invalid querystring\.date: Date must be/);
    },
  );

  it('still answers rates for a real day, a leap day included', async () => {
    for (const date of ['2024-02-29', '1999-01-04']) {
      const res = await browser.get(`/api/money/rates?base=USD&date=${date}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
