import { LookupMessages, type IsbnLookup } from '@bookshelf/contract';
import { startFakeBookServices, type FakeServer } from '@bookshelf/test-support';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp, type Browser } from '../../test/browser.js';
import { until } from '../../test/jobs.js';

/**
 * ISBN lookup against fake Open Library and Google Books servers that speak their real APIs: merging, covers
 * checked and stored, 404 and 502 with clear messages, the cache, and failures that only slow things down.
 */
let fake: FakeServer;
let t: TestApp;
let reader: Browser;

beforeAll(async () => {
  fake = await startFakeBookServices();
  t = await createTestApp({
    bookServices: {
      openLibraryBaseUrl: fake.url,
      openLibraryCoversBaseUrl: fake.url,
      googleBooksBaseUrl: fake.url,
    },
  });
  reader = (await signUp(t.app)).browser;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const lookup = (isbn: string, browser = reader) => browser.get(`/api/lookup/isbn/${encodeURIComponent(isbn)}`);
const callsFor = (isbn: string) =>
  fake.requests.filter((r) => r.query.get('bibkeys') === `ISBN:${isbn}` || r.query.get('q') === `isbn:${isbn}`).length;

describe('GET /api/lookup/isbn/{isbn}', () => {
  it('merges both services: Open Library’s catalogue data, Google’s description and genre, both covers stored', async () => {
    const res = await lookup('0-439-02348-3'); // the ISBN-10, hyphenated, of 9780439023481
    expect(res.statusCode).toBe(200);
    const book = res.json<IsbnLookup>();
    expect(book).toMatchObject({
      isbn: '9780439023481',
      title: 'The Hunger Games',
      author: 'Suzanne Collins',
      authors: ['Suzanne Collins'],
      publisher: 'Scholastic Press',
      publishedYear: 2008,
      pages: 374,
      description: 'Winning will make you famous.\n\nLosing means certain death.',
      genre: 'Juvenile Fiction',
      sources: ['Open Library', 'Google Books'],
    });
    expect(book.subjects).toEqual(
      expect.arrayContaining(['Juvenile Fiction', 'Action & Adventure', 'Survival', 'Reality television programs']),
    );
    expect(book.covers.map((c) => c.source)).toEqual(['Open Library', 'Google Books']);

    // Covers are the server's own copies, re-encoded, never the provider's address.
    for (const cover of book.covers) {
      expect(cover.url).toMatch(/^\/api\/covers\/[0-9a-f]{64}$/);
      const image = await reader.get(cover.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([cover.width, cover.height]);
    }
  });

  it('answers from the cache the second time, for any reader, without asking the services again', async () => {
    const before = callsFor('9780439023481');
    const other = (await signUp(t.app)).browser;
    const res = await lookup('978-0-439-02348-1', other);
    expect(res.statusCode).toBe(200);
    expect(res.json<IsbnLookup>().title).toBe('The Hunger Games');
    expect(callsFor('9780439023481')).toBe(before);
  });

  it('skips a 1×1 placeholder cover and keeps the other service’s real one', async () => {
    const book = (await lookup('9781250301697')).json<IsbnLookup>();
    expect(book.sources).toEqual(['Google Books']);
    expect(book.covers.map((c) => c.source)).toEqual(['Google Books']);
    expect(fake.requestsTo('GET', '/b/isbn/9781250301697-L.jpg')).toHaveLength(1);
  });

  it('finds a book only one service knows, with no cover at all', async () => {
    const res = await lookup('9780140328721');
    expect(res.statusCode).toBe(200);
    expect(res.json<IsbnLookup>()).toMatchObject({
      title: 'Fantastic Mr. Fox',
      author: 'Roald Dahl',
      publishedYear: 1988,
      genre: 'Animals',
      covers: [],
      sources: ['Open Library'],
    });
  });

  it('answers 404 with a clear message for an ISBN no service knows, and remembers that', async () => {
    const res = await lookup('9780306406157');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: LookupMessages.notFound } });
    const calls = callsFor('9780306406157');
    expect((await lookup('9780306406157')).statusCode).toBe(404);
    expect(callsFor('9780306406157')).toBe(calls);
  });

  it('refuses what is not an ISBN with a 400 naming the field, before asking anyone', async () => {
    const before = fake.requests.length;
    for (const bad of ['9780439023482', '12345', 'not-an-isbn', '9'.repeat(60)]) {
      const res = await lookup(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'VALIDATION_ERROR',
          issues: [{ path: 'params.isbn', message: expect.stringContaining('ISBN') }],
        },
      });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('needs a signed-in reader', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/isbn/9780439023481' })).statusCode).toBe(401);
  });
});

describe('when a service fails', () => {
  it('uses the other one when one answers malformed JSON, and does not cache the half answer', async () => {
    fake.route('GET /api/books', () => ({ headers: { 'content-type': 'application/json' }, body: '{"ISBN:' }));
    try {
      const first = await lookup('9781250301697');
      // Cached from the earlier test: the cache answers whatever the services do now.
      expect(first.statusCode).toBe(200);
      const res = await lookup('9780141439518'); // Pride and Prejudice: known to neither fake service
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: { code: 'UPSTREAM_FAILED', message: LookupMessages.unavailable } });
    } finally {
      fake.route('GET /api/books', () => ({ body: {} }));
    }
  });

  it('answers 502 with a clear message when both are down, and asks again next time', async () => {
    const down = () => ({ status: 503, body: 'down' });
    fake.route('GET /api/books', down);
    fake.route('GET /books/v1/volumes', down);
    const res = await lookup('9780743273565');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: { message: LookupMessages.unavailable } });
    fake.route('GET /books/v1/volumes', () => ({
      body: {
        totalItems: 1,
        items: [{ id: 'gatsby', volumeInfo: { title: 'The Great Gatsby', authors: ['F. Scott Fitzgerald'] } }],
      },
    }));
    const again = await lookup('9780743273565');
    expect(again.statusCode).toBe(200);
    expect(again.json<IsbnLookup>()).toMatchObject({ title: 'The Great Gatsby', covers: [] });
  });

  it('gives up on a service that does not answer in time and answers with the other', async () => {
    fake.route('GET /api/books', () => ({ delayMs: 20_000, body: {} }));
    fake.route('GET /books/v1/volumes', () => ({
      body: { totalItems: 1, items: [{ id: 'slow', volumeInfo: { title: 'Slow Book', authors: ['A. Writer'] } }] },
    }));
    const started = Date.now();
    const res = await lookup('9780262033848');
    expect(res.statusCode).toBe(200);
    expect(res.json<IsbnLookup>()).toMatchObject({ title: 'Slow Book', sources: ['Google Books'] });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe('GET /api/covers/{hash}', () => {
  it('answers 404 for a cover that is not there and 400 for a name that cannot be one', async () => {
    expect((await reader.get(`/api/covers/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await reader.get('/api/covers/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });
});

describe('covers for imported books', () => {
  it('are found after an import, for books with an ISBN and no cover, and a cover the reader set is kept', async () => {
    const { browser } = await signUp(t.app);
    const own = await browser.post('/api/books', {
      title: 'Fantastic Mr. Fox',
      author: 'Roald Dahl',
      isbn: '9780140328721',
      coverUrl: 'https://example.org/my-own-cover.jpg',
    });
    expect(own.statusCode).toBe(201);
    const csv = [
      'Title,Author,ISBN',
      'The Hunger Games,Suzanne Collins,9780439023481',
      'The Silent Patient,Alex Michaelides,9781250301697',
      'Unknown Book,Nobody,9780306406157',
      'No ISBN,Someone,',
    ].join('\n');
    const preview = await browser.post('/api/imports', { text: csv, filename: 'mine.csv' });
    expect(preview.statusCode).toBe(201);
    const { id } = preview.json<{ id: string }>();
    expect((await browser.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(202);
    await until(async () => {
      const books = (await browser.get('/api/books?limit=10')).json<{
        items: { title: string; coverUrl: string | null }[];
      }>();
      return books.items.filter((b) => b.coverUrl?.startsWith('/api/covers/')).length === 2;
    }, 20_000);
    const books = (await browser.get('/api/books?limit=10&sort=title&order=asc')).json<{
      items: { title: string; coverUrl: string | null }[];
    }>().items;
    expect(books.map((b) => [b.title, b.coverUrl?.replace(/[0-9a-f]{64}$/, 'HASH') ?? null])).toEqual([
      ['Fantastic Mr. Fox', 'https://example.org/my-own-cover.jpg'],
      ['No ISBN', null],
      ['The Hunger Games', '/api/covers/HASH'],
      ['The Silent Patient', '/api/covers/HASH'],
      ['Unknown Book', null],
    ]);
  }, 30_000);
});
