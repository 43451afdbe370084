import {
  bookFromCreateRequest,
  BookLimits,
  BookMessages,
  BookSchema,
  type Book,
  type CreateBookRequest,
} from '@bookshelf/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, outboxEvents } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { facetCountDrift } from '../../test/contention.js';
import { signUp, type Browser } from '../../test/browser.js';
import { searchTextOf } from './book-search.js';
import { createBooksRepository } from './books.repository.js';

let clock = new Date('2026-03-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

async function addBook(browser: Browser, body: object): Promise<Book> {
  const res = await browser.post('/api/books', body);
  expect(res.statusCode, res.body).toBe(201);
  return BookSchema.parse(res.json());
}

describe('POST /api/books', () => {
  it('answers the very book the contract’s create mapping predicts (the web shows that one at once)', async () => {
    const { browser } = await signUp(t.app);
    const request: CreateBookRequest = {
      title: ' Dune ',
      author: 'Frank Herbert',
      isbn: '0-441-17271-7',
      status: 'currently_reading',
      genre: ' ',
      tags: ['SF', 'sf'],
      rating: 0,
      purchaseInfo: { platform: 'Other (Specify)', customPlatform: ' Market ', price: 5, currency: 'USD' },
      specialEdition: { type: 'signed', details: ' ' },
      priceHistory: [{ date: '2026-01-01', price: 4, currency: 'USD', platform: ' ' }],
    };
    const book = await addBook(browser, request);
    const { updatedAt: _stored, ...answered } = book;
    const { updatedAt: _predicted, ...predicted } = bookFromCreateRequest(request, book.id, clock);
    expect(answered).toEqual(predicted);
  });

  it('creates a book with the defaults of core.md §4 and answers it with every field', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, { title: '  Dune ', author: 'Frank Herbert' });
    expect(book).toMatchObject({
      title: 'Dune',
      author: 'Frank Herbert',
      status: 'owned',
      format: 'physical',
      accountId: 'default-personal',
      dateRead: null,
      tags: [],
      purchaseInfo: null,
      specialEdition: null,
      dateAdded: clock.toISOString(),
    });
    const fetched = await browser.get(`/api/books/${book.id}`);
    expect(fetched.json()).toEqual(book);
  });

  it('keeps every field, normalised: ISBN-13 digits, unique trimmed tags, custom platform, edition rules', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, {
      title: 'The Name of the Wind',
      author: 'Patrick Rothfuss',
      isbn: '978-0-7564-0474-1',
      coverUrl: 'https://covers.example.org/wind.jpg',
      format: 'physical',
      bindingType: 'hardcover',
      genre: 'Fantasy',
      publishedYear: 2007,
      publisher: 'DAW',
      pages: 662,
      rating: 5,
      status: 'currently_reading',
      tags: [' fantasy ', 'Fantasy', 'signed', ''],
      notes: 'From the convention',
      review: '',
      purchaseInfo: {
        platform: 'Other (Specify)',
        customPlatform: 'Comic Con stall',
        price: 45.5,
        currency: 'USD',
        purchaseDate: '2024-05-01',
        condition: 'like-new',
      },
      specialEdition: { type: 'signed', customType: 'ignored', certificateOfAuthenticity: true, limitedQuantity: 500 },
      currentValue: { amount: 120, currency: 'USD' },
      images: ['https://img.example.org/1.jpg'],
      priceHistory: [{ date: '2024-05-01', price: 45.5, currency: 'USD', platform: 'Comic Con stall' }],
    });
    expect(book).toMatchObject({
      isbn: '9780756404741',
      status: 'reading',
      tags: ['fantasy', 'signed'],
      review: null,
      purchaseInfo: { platform: 'Comic Con stall', price: 45.5, currency: 'USD', sellerName: null },
      specialEdition: { type: 'signed', customType: null, limitedQuantity: 500, certificateOfAuthenticity: true },
      currentValue: { amount: 120, currency: 'USD' },
    });
  });

  it.each([
    [{ author: 'A' }, 'body.title'],
    [{ title: ' ', author: 'A' }, BookMessages.titleRequired],
    [{ title: 'T', author: '' }, BookMessages.authorRequired],
    [
      { title: 'T', author: 'A', purchaseInfo: { platform: 'Other (Specify)', price: 1, currency: 'USD' } },
      BookMessages.customPlatformRequired,
    ],
    [
      { title: 'T', author: 'A', purchaseInfo: { platform: 'Flipkart', price: -1, currency: 'INR' } },
      BookMessages.price,
    ],
    [
      { title: 'T', author: 'A', purchaseInfo: { platform: 'Flipkart', price: 1.999, currency: 'INR' } },
      BookMessages.price,
    ],
    [{ title: 'T', author: 'A', specialEdition: { type: 'other' } }, BookMessages.customEditionTypeRequired],
    [
      { title: 'T', author: 'A', specialEdition: { type: 'signed', limitedQuantity: 2.5 } },
      BookMessages.limitedQuantity,
    ],
    [{ title: 'T', author: 'A', format: 'digital', bindingType: 'hardcover' }, BookMessages.bindingOnlyPhysical],
    [{ title: 'T', author: 'A', rating: 6 }, BookMessages.rating],
    [{ title: 'T', author: 'A', isbn: '12345' }, `Invalid body.isbn: ${BookMessages.isbn}`],
    [{ title: 'T', author: 'A', isbn: '978-0-00-000000-1' }, `Invalid body.isbn: ${BookMessages.isbn}`],
    [{ title: 'T', author: 'A', isbn: '0-306-40615-3' }, `Invalid body.isbn: ${BookMessages.isbn}`],
    [{ title: 'T', author: 'A', coverUrl: 'javascript:alert(1)' }, 'Cover URL must be an http or https address.'],
    [{ title: 'T', author: 'A', dateRead: '2024-01-01' }, BookMessages.dateReadNotRead],
    [{ title: 'T', author: 'A', accountId: 'no-such-account' }, BookMessages.accountNotFound],
  ])('rejects %j with a message naming the field, and stores nothing', async (body, message) => {
    const { browser } = await signUp(t.app);
    const res = await browser.post('/api/books', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await browser.get('/api/books')).json().total).toBe(0);
  });
});

describe('ISBN', () => {
  it('stores an ISBN-10 or a hyphenated ISBN-13 as the bare ISBN-13, on create and on change', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, { title: 'T', author: 'A', isbn: '0-8044-2957-x' });
    expect(book.isbn).toBe('9780804429573');
    const changed = await browser.patch(`/api/books/${book.id}`, { isbn: '979-10-90636-07-1' });
    expect(changed.json().isbn).toBe('9791090636071');
    const emptied = await browser.patch(`/api/books/${book.id}`, { isbn: '  ' });
    expect(emptied.json().isbn).toBeNull();
    expect((await addBook(browser, { title: 'T', author: 'A', isbn: '' })).isbn).toBeNull();
  });

  it('refuses a changed ISBN with a wrong check digit and keeps the old one', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, { title: 'T', author: 'A', isbn: '9780306406157' });
    const res = await browser.patch(`/api/books/${book.id}`, { isbn: '978-0-306-40615-8' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Invalid body.isbn: ${BookMessages.isbn}`);
    expect((await browser.get(`/api/books/${book.id}`)).json().isbn).toBe('9780306406157');
  });
});

describe('status rules', () => {
  it('sets dateRead when a book becomes read, keeps it, clears it when it leaves read', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, { title: 'Circe', author: 'Madeline Miller' });
    const read = await browser.patch(`/api/books/${book.id}`, { status: 'read' });
    expect(read.json().dateRead).toBe(clock.toISOString());
    const finishedAt = clock.toISOString();
    clock = new Date(clock.getTime() + 3_600_000); // an hour later (a day would end the session)
    const rated = await browser.patch(`/api/books/${book.id}`, { rating: 4 });
    expect(rated.json().dateRead, rated.body).toBe(finishedAt);
    const owned = await browser.patch(`/api/books/${book.id}`, { status: 'owned' });
    expect(owned.json().dateRead).toBeNull();
    const typed = await browser.patch(`/api/books/${book.id}`, { status: 'read', dateRead: '2019-06-01' });
    expect(typed.json().dateRead).toBe('2019-06-01T00:00:00.000Z');
  });

  it('clears the binding when the format changes away from physical', async () => {
    const { browser } = await signUp(t.app);
    const book = await addBook(browser, { title: 'T', author: 'A', bindingType: 'paperback' });
    const res = await browser.patch(`/api/books/${book.id}`, { format: 'audiobook' });
    expect(res.json()).toMatchObject({ format: 'audiobook', bindingType: null });
  });

  it('records book_started, then book_finished, book_reviewed and book_rated, through the outbox', async () => {
    const { browser, me } = await signUp(t.app);
    const book = await addBook(browser, { title: 'T', author: 'A' });
    await browser.patch(`/api/books/${book.id}`, { status: 'reading' });
    await browser.patch(`/api/books/${book.id}`, { status: 'read', review: 'Loved it', rating: 5 });
    const written = await t.database.db
      .select({ name: outboxEvents.name })
      .from(outboxEvents)
      .where(sql`${outboxEvents.payload}->>'userId' = ${me.id}`);
    expect(written.map((e) => e.name).filter((n) => n.startsWith('book.'))).toEqual([
      'book.started',
      'book.finished',
      'book.reviewed',
      'book.rated',
    ]);
    await t.app.jobs.drain();
    const log = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.userId, me.id))
      .orderBy(asc(activities.type)); // the test clock stands still, so all four share one instant
    expect(log.map((a) => [a.type, a.relatedEntityId, a.metadata.bookTitle])).toEqual([
      ['book_finished', book.id, 'T'],
      ['book_rated', book.id, 'T'],
      ['book_reviewed', book.id, 'T'],
      ['book_started', book.id, 'T'],
    ]);
  });
});

describe('ownership', () => {
  it('answers 404 for another user’s book on every route and changes nothing', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const book = await addBook(owner.browser, { title: 'Mine', author: 'Me' });
    expect((await other.browser.get(`/api/books/${book.id}`)).statusCode).toBe(404);
    expect((await other.browser.patch(`/api/books/${book.id}`, { title: 'Stolen' })).statusCode).toBe(404);
    expect((await other.browser.delete(`/api/books/${book.id}`)).statusCode).toBe(404);
    expect((await other.browser.post('/api/books/bulk', { ids: [book.id], status: 'read' })).json().updated).toBe(0);
    expect((await other.browser.post('/api/books/bulk/delete', { ids: [book.id] })).json().count).toBe(0);
    expect((await other.browser.get('/api/books?q=mine')).json().total).toBe(0);
    const revert = { books: [{ id: book.id, status: 'read', dateRead: null, tags: ['stolen'] }] };
    expect((await other.browser.post('/api/books/bulk/revert', revert)).json().count).toBe(0);
    expect((await owner.browser.get(`/api/books/${book.id}`)).json()).toMatchObject({
      title: 'Mine',
      status: 'owned',
      tags: [],
    });
  });

  it('keeps another user’s trashed book out of reach: no restore, no delete, no read', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const book = await addBook(owner.browser, { title: 'Binned', author: 'Me' });
    expect((await owner.browser.delete(`/api/books/${book.id}`)).statusCode).toBe(204);
    expect((await other.browser.post('/api/books/bulk/restore', { ids: [book.id] })).json().count).toBe(0);
    expect((await owner.browser.get(`/api/books/${book.id}`)).statusCode).toBe(404);
    expect((await owner.browser.post('/api/books/bulk/restore', { ids: [book.id] })).json().count).toBe(1);
    expect((await owner.browser.get(`/api/books/${book.id}`)).statusCode).toBe(200);
  });

  it.each(['GET', 'PATCH', 'DELETE'] as const)(
    'answers 400 naming params.id for %s of a non-UUID id',
    async (method) => {
      const { browser } = await signUp(t.app);
      const payload = method === 'PATCH' ? { title: 'X' } : undefined;
      const res = await browser.request({ method, url: '/api/books/not-a-uuid', ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid params.id: Must be a UUID.');
    },
  );

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/books' })).statusCode).toBe(401);
  });
});

describe('search, filters, sort and paging', () => {
  it('finds by word, prefix, typo, author, ISBN, tag and notes', async () => {
    const { browser } = await signUp(t.app);
    await browser.post('/api/demo/load');
    await t.app.jobs.drain();
    await addBook(browser, { title: 'Obscure Title', author: 'Nobody', notes: 'bought near the harbour' });
    const titles = async (q: string) =>
      ((await browser.get(`/api/books?q=${encodeURIComponent(q)}`)).json().items as Book[]).map((b) => b.title);
    expect(await titles('gatsby')).toEqual(['The Great Gatsby']);
    expect((await titles('gats'))[0]).toBe('The Great Gatsby');
    expect((await titles('gatbsy'))[0]).toBe('The Great Gatsby');
    expect(await titles('tolkein')).toEqual(expect.arrayContaining(['The Hobbit', 'The Fellowship of the Ring']));
    expect(await titles('9780441172719')).toEqual(['Dune']);
    expect(await titles('0-441-17271-7')).toEqual(['Dune']); // its ISBN-10, as printed
    expect(await titles('cyberpunk')).toEqual(['Neuromancer']);
    expect(await titles('harbour')).toEqual(['Obscure Title']);
    expect(await titles('zzqx')).toEqual([]);
    expect(await titles('gatbsy grat')).toEqual(['The Great Gatsby']); // every word misspelt
    expect(await titles('hobbit dune')).toEqual([]); // every word must match
  });

  it('filters, sorts both ways and pages with a total', async () => {
    const { browser } = await signUp(t.app);
    await browser.post('/api/demo/load');
    await t.app.jobs.drain();
    const list = async (query: string) => (await browser.get(`/api/books?${query}`)).json();
    expect((await list('status=read')).total).toBe(9);
    expect((await list('status=currently_reading')).total).toBe(2);
    expect((await list('format=audiobook')).total).toBe(2);
    expect((await list('genre=Fantasy')).total).toBe(4);
    expect((await list('tag=sci-fi')).total).toBe(3);
    expect((await list('rating=5')).total).toBe(4);
    expect((await list('specialEdition=true')).total).toBe(4);
    const byTitle = (await list('sort=title&limit=3')).items.map((b: Book) => b.title);
    expect(byTitle).toEqual(['1984', 'A Brief History of Time', 'Atomic Habits']);
    const byTitleDesc = (await list('sort=title&order=desc&limit=1')).items.map((b: Book) => b.title);
    expect(byTitleDesc).toEqual(['Where the Crawdads Sing']);
    const page1 = await list('limit=10&offset=0');
    const page3 = await list('limit=10&offset=20');
    expect(page1).toMatchObject({ total: 23, limit: 10, offset: 0 });
    expect(page3.items).toHaveLength(3);
    const byPrice = (await list('sort=price&order=desc&limit=1')).items[0];
    expect(byPrice.title).toBe('Atomic Habits'); // 499 INR: price sorts by the number as entered
    expect((await browser.get('/api/books?limit=500')).statusCode).toBe(400);
    expect((await browser.get('/api/books?sort=colour')).statusCode).toBe(400);
  });

  it('takes only digits as a number in the query: an empty rating is no filter for unrated books', async () => {
    const { browser } = await signUp(t.app);
    await addBook(browser, { title: 'Unrated', author: 'A' });
    for (const query of ['rating=', 'rating', 'rating=%20', 'limit=0x10', 'offset=1e3', 'limit=%205', 'rating=2.0']) {
      const res = await browser.get(`/api/books?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toMatch(
        /^Invalid querystring\.(rating|limit|offset): \w+ must be a whole number\.$/,
      );
    }
    expect((await browser.get('/api/books?rating=0')).json().total).toBe(1);
    expect((await browser.get('/api/books?limit=007&offset=0')).json()).toMatchObject({
      limit: 7,
      offset: 0,
      total: 1,
    });
    expect((await browser.get('/api/books?offset=99999999999')).json().error.message).toBe(
      'Invalid querystring.offset: Offset must be at most 10000000.',
    );
  });

  it('counts facets by status, format, genre, tag and account', async () => {
    const { browser } = await signUp(t.app);
    await browser.post('/api/demo/load');
    await t.app.jobs.drain();
    const facets = (await browser.get('/api/books/facets')).json();
    expect(facets.total).toBe(23);
    expect(facets.status).toEqual(
      expect.arrayContaining([
        { value: 'read', count: 9 },
        { value: 'owned', count: 6 },
        { value: 'wishlist', count: 4 },
        { value: 'reading', count: 2 },
        { value: 'lent', count: 2 },
      ]),
    );
    expect(facets.account).toEqual([{ value: 'default-personal', count: 23 }]);
    expect(facets.tag[0]).toEqual({ value: 'non-fiction', count: 6 });
  });
});

describe('broad searches (decision 029)', () => {
  const CAP = BookLimits.searchCountMax;
  const MATCHING = CAP + 50;

  /** MATCHING books with "the" in the title, a minute apart (book 0 the newest), then 40 without it. */
  async function seedBroadLibrary() {
    const { browser, me } = await signUp(t.app);
    const start = new Date('2020-01-01T00:00:00Z').getTime();
    const values = Array.from({ length: MATCHING + 40 }, (_, n) => {
      const title = n < MATCHING ? `The ${n % 30 === 0 ? 'Lighthouse' : 'Garden'} ${n}` : `Orchard ${n}`;
      const book = { title, author: 'Ada Abara', isbn: null, tags: n % 2 ? ['read-again'] : [] };
      return {
        ...book,
        searchText: searchTextOf(book),
        status: n % 10 === 0 ? ('read' as const) : ('owned' as const),
        dateAdded: new Date(start - n * 60_000),
      };
    });
    await createBooksRepository(t.database.db).insertMany(me.id, values);
    const list = async (query: string) => {
      const res = await browser.get(`/api/books?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Book[]; total: number; totalCapped?: boolean }>();
    };
    /** Every page of a query, `limit` books at a time, until a short one. */
    const everyPage = async (query: string, limit: number) => {
      const books: Book[] = [];
      for (let offset = 0; ; offset += limit) {
        const page = await list(`${query}&limit=${limit}&offset=${offset}`);
        books.push(...page.items);
        if (page.items.length < limit) return books;
      }
    };
    return { list, everyPage };
  }

  it('counts up to the cap, then pages newest first with no book twice and none left out', async () => {
    const { list, everyPage } = await seedBroadLibrary();
    // "the" is in most of the library's titles (the kept vocabulary says so: a scan counts); "the garden" is two
    // words (the GIN index counts): both plans answer alike.
    for (const q of ['the', 'th', 'the%20garden']) {
      const first = await list(`q=${q}&limit=50`);
      expect(first).toMatchObject({ total: CAP, totalCapped: true });
      const expected = q === 'the%20garden' ? MATCHING - MATCHING / 30 : MATCHING;
      const books = await everyPage(`q=${q}`, 170);
      expect(books).toHaveLength(expected);
      expect(new Set(books.map((b) => b.id)).size).toBe(expected);
      expect(books.every((b) => b.title.startsWith('The '))).toBe(true);
      const added = books.map((b) => Date.parse(b.dateAdded));
      expect(added).toEqual([...added].sort((a, b) => b - a));
      expect(books[0]!.title).toBe(q === 'the%20garden' ? 'The Garden 1' : 'The Lighthouse 0');
    }
    const oldest = await everyPage('q=the&sort=dateAdded&order=asc', 200);
    expect(oldest.map((b) => b.title).slice(0, 1)).toEqual([`The Garden ${MATCHING - 1}`]);
    expect(new Set(oldest.map((b) => b.id)).size).toBe(MATCHING);
    // Other sorts keep their order past the cap.
    const byTitle = await list('q=the&sort=title&order=desc&limit=2');
    expect(byTitle).toMatchObject({ total: CAP, totalCapped: true });
    expect(byTitle.items.map((b) => b.title)).toEqual(['The Lighthouse 990', 'The Lighthouse 960']);
    const everyByTitle = await everyPage('q=the&sort=title', 200);
    expect(everyByTitle[0]!.title).toBe('The Garden 1');
    expect(new Set(everyByTitle.map((b) => b.id)).size).toBe(MATCHING);
  });

  it('under the cap the count is exact and relevance ranks, across pages alike', async () => {
    const { list, everyPage } = await seedBroadLibrary();
    const lighthouses = await list('q=lighthouse&limit=5');
    expect(lighthouses.total).toBe(MATCHING / 30);
    expect(lighthouses.totalCapped).toBeUndefined();
    const paged = await everyPage('q=lighthouse', 7);
    expect(paged.map((b) => b.id)).toEqual((await list('q=lighthouse&limit=200')).items.map((b) => b.id));
    expect(new Set(paged.map((b) => b.id)).size).toBe(MATCHING / 30);
    // A filter that narrows a broad word under the cap: exact again.
    const read = await list('q=the&status=read&limit=200');
    expect(read.total).toBe(MATCHING / 10);
    expect(read.totalCapped).toBeUndefined();
    expect(read.items).toHaveLength(MATCHING / 10);
    // A search that matches exactly the whole library is still under the cap when the library is.
    expect((await list('q=orchard')).total).toBe(40);
  });
});

describe('kept facet counts', () => {
  it('follow every change: add, edit, bulk status, trash, restore and account deletion', async () => {
    const { browser } = await signUp(t.app);
    const count = async (facet: string, value: string) =>
      ((await browser.get('/api/books/facets')).json()[facet] as { value: string; count: number }[]).find(
        (f) => f.value === value,
      )?.count ?? 0;
    const account = (await browser.post('/api/accounts', { name: 'Kobo', type: 'kobo' })).json();
    const a = await addBook(browser, { title: 'A', author: 'X', tags: ['t1'], genre: 'Poetry', accountId: account.id });
    const b = await addBook(browser, { title: 'B', author: 'X', tags: ['t1', 't2'] });
    expect([await count('tag', 't1'), await count('genre', 'Poetry'), await count('account', account.id)]).toEqual([
      2, 1, 1,
    ]);
    await browser.patch(`/api/books/${a.id}`, { genre: 'Drama', tags: [] });
    expect([await count('tag', 't1'), await count('genre', 'Poetry'), await count('genre', 'Drama')]).toEqual([
      1, 0, 1,
    ]);
    await browser.post('/api/books/bulk', { ids: [a.id, b.id], status: 'read' });
    expect([await count('status', 'read'), await count('status', 'owned')]).toEqual([2, 0]);
    await browser.post('/api/books/bulk/delete', { ids: [b.id] });
    expect((await browser.get('/api/books/facets')).json().total).toBe(1);
    expect(await count('tag', 't2')).toBe(0);
    await browser.post('/api/books/bulk/restore', { ids: [b.id] });
    expect((await browser.get('/api/books/facets')).json().total).toBe(2);
    expect((await browser.get('/api/books')).json().total).toBe(2);
    await browser.delete(`/api/accounts/${account.id}`);
    expect([await count('account', account.id), await count('account', 'default-personal')]).toEqual([0, 2]);
  });
});

describe('the kept vocabulary', () => {
  it('holds the words with a letter, not numbers or ISBNs, and a number still finds its book', async () => {
    const { browser, me } = await signUp(t.app);
    await addBook(browser, { title: 'Nineteen Eighty-Four 1984', author: 'George Orwell', isbn: '9780451524935' });
    const words = await t.database.db.execute(
      sql`select value from book_facet_counts where user_id = ${me.id} and facet = 'word' and n > 0 order by value`,
    );
    expect(rowsOf<{ value: string }>(words).map((w) => w.value)).toEqual([
      'eighty',
      'four',
      'george',
      'nineteen',
      'orwell',
    ]);
    const titles = async (q: string) =>
      ((await browser.get(`/api/books?q=${q}`)).json().items as Book[]).map((book) => book.title);
    expect(await titles('1984')).toEqual(['Nineteen Eighty-Four 1984']);
    expect(await titles('9780451524935')).toEqual(['Nineteen Eighty-Four 1984']);
    expect(await titles('orwel')).toEqual(['Nineteen Eighty-Four 1984']);
    expect(await facetCountDrift(t.database.db, me.id)).toEqual([]);
  });
});

describe('bulk changes, delete and undo', () => {
  it('changes status and tags on many books and reverts exactly', async () => {
    const { browser } = await signUp(t.app);
    const a = await addBook(browser, {
      title: 'A',
      author: 'X',
      status: 'read',
      dateRead: '2020-01-01',
      tags: ['keep'],
    });
    const b = await addBook(browser, { title: 'B', author: 'X' });
    const res = await browser.post('/api/books/bulk', { ids: [a.id, b.id], status: 'lent', addTag: 'shelf 2' });
    expect(res.json().updated).toBe(2);
    const after = await browser.get(`/api/books/${a.id}`);
    expect(after.json()).toMatchObject({ status: 'lent', dateRead: null, tags: ['keep', 'shelf 2'] });
    expect((await browser.post('/api/books/bulk/revert', { books: res.json().previous })).json().count).toBe(2);
    expect((await browser.get(`/api/books/${a.id}`)).json()).toMatchObject({
      status: 'read',
      dateRead: '2020-01-01T00:00:00.000Z',
      tags: ['keep'],
    });
    const removed = await browser.post('/api/books/bulk', { ids: [a.id], removeTag: 'KEEP' });
    expect(removed.json().updated).toBe(1);
    expect((await browser.get(`/api/books/${a.id}`)).json().tags).toEqual([]);
    expect((await browser.post('/api/books/bulk', { ids: [a.id] })).statusCode).toBe(400);
  });

  it('undoes the largest bulk change the API allows, with the longest tags', async () => {
    const { browser, me } = await signUp(t.app);
    // As many tags as allowed, each as long as allowed, of characters JSON escapes (6 bytes each): the largest Undo.
    const tags = Array.from(
      { length: BookLimits.tagsMax },
      (_, n) => String(n).padStart(2, '0') + '\u0001'.repeat(BookLimits.tagMax - 2),
    );
    const seeded = await createBooksRepository(t.database.db).insertMany(
      me.id,
      Array.from({ length: BookLimits.bulkMax }, (_, n) => ({
        title: `Book ${n}`,
        author: 'X',
        searchText: `book ${n} x`,
        status: 'read' as const,
        dateRead: new Date('2020-01-01T00:00:00Z'),
        tags,
      })),
    );
    const changed = await browser.post('/api/books/bulk', { ids: seeded.map((book) => book.id), status: 'owned' });
    expect(changed.json().updated).toBe(BookLimits.bulkMax);
    const previous: unknown[] = changed.json().previous;
    expect(JSON.stringify({ books: previous }).length).toBeGreaterThan(14 * 1024 * 1024);

    const undo = await browser.post('/api/books/bulk/revert', { books: previous });
    expect(undo.statusCode, undo.body.slice(0, 300)).toBe(200);
    expect(undo.json().count).toBe(BookLimits.bulkMax);
    expect((await browser.get(`/api/books/${seeded[0]!.id}`)).json()).toMatchObject({
      status: 'read',
      dateRead: '2020-01-01T00:00:00.000Z',
      tags,
    });
  });

  it('deletes into the trash and restores', async () => {
    const { browser } = await signUp(t.app);
    const a = await addBook(browser, { title: 'A', author: 'X' });
    const b = await addBook(browser, { title: 'B', author: 'X' });
    expect((await browser.delete(`/api/books/${a.id}`)).statusCode).toBe(204);
    expect((await browser.get(`/api/books/${a.id}`)).statusCode).toBe(404);
    expect((await browser.post('/api/books/bulk/delete', { ids: [b.id] })).json().count).toBe(1);
    expect((await browser.get('/api/books')).json().total).toBe(0);
    expect((await browser.post('/api/books/bulk/restore', { ids: [a.id, b.id] })).json().count).toBe(2);
    expect((await browser.get('/api/books')).json().total).toBe(2);
  });
});

describe('POST /api/demo/load', () => {
  it('loads the 23 sample books once', async () => {
    const { browser } = await signUp(t.app);
    const started = await browser.post('/api/demo/load');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'books.load-sample' });
    await t.app.jobs.drain();
    expect((await browser.get(`/api/jobs/${started.json().id}`)).json()).toMatchObject({
      state: 'succeeded',
      result: { added: 23 },
      progress: { current: 23, total: 23 },
    });
    const again = await browser.post('/api/demo/load');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BookMessages.demoLoaded);
    expect((await browser.get('/api/books')).json().total).toBe(23);
  });
});
