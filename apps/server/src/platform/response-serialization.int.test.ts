import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';
import { OPENAPI_COMPONENTS } from './openapi-components.js';
import { compileFastSerializer } from './response-serialization.js';

/**
 * Production answers are written by fast-json-stringify from the contract's JSON Schema, without zod
 * (decision 026). Tests run the app in the `checked` mode, where every answer is also written the fast way and
 * must parse to the same value, or the request fails with a 500: this tour makes answers with every optional
 * part filled (and every nullable one null) pass through both, on the routes a page uses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const full = {
  title: 'Dune',
  author: 'Frank Herbert',
  isbn: '0-441-17271-7',
  status: 'read',
  dateRead: '2026-01-02T10:00:00.000Z',
  format: 'physical',
  bindingType: 'hardcover',
  genre: 'Science fiction',
  publishedYear: 1965,
  publisher: 'Chilton',
  pages: 412,
  rating: 4,
  tags: ['sf', 'classic'],
  notes: 'Spice ⚡ "quoted" \\ back\nslash',
  review: 'Great.',
  coverUrl: 'https://covers.example.org/dune.jpg',
  purchaseInfo: { platform: 'Other (Specify)', customPlatform: 'Market', price: 5.25, currency: 'EUR' },
  specialEdition: { type: 'signed', details: 'Signed on the title page' },
  currentValue: { amount: 120, currency: 'USD' },
  images: ['https://covers.example.org/dune-back.jpg'],
  priceHistory: [
    { date: '2026-01-01', price: 4, currency: 'USD', platform: 'eBay' },
    { date: '2026-02-01', price: 4.5, currency: 'GBP', platform: null },
  ],
};

describe('the fast serializer', () => {
  it('compiles every response schema the API documents', () => {
    for (const [name, schema] of Object.entries(OPENAPI_COMPONENTS))
      expect(compileFastSerializer(schema), name).toBeTypeOf('function');
  });

  it('writes the same answers as zod and JSON.stringify on the routes of a full library', async () => {
    const { browser } = await signUp(t.app);
    const created = await browser.post('/api/books', full);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const sparse = await browser.post('/api/books', { title: 'Sparse', author: 'Nobody', format: 'digital' });
    expect(sparse.statusCode, sparse.body).toBe(201);
    const account = await browser.post('/api/accounts', {
      name: 'Kindle',
      type: 'kindle',
      email: 'me@example.org',
      description: 'My e-reader',
    });
    expect(account.statusCode, account.body).toBe(201);
    expect((await browser.post('/api/me/tokens', { name: 'script' })).statusCode).toBe(201);
    const bulk = await browser.post('/api/books/bulk', { ids: [id], addTag: 'again' });
    expect(bulk.statusCode, bulk.body).toBe(200);

    for (const url of [
      '/api/books',
      '/api/books?q=dune',
      `/api/books/${id}`,
      '/api/books/facets',
      '/api/accounts',
      '/api/me',
      '/api/me/sessions',
      '/api/me/tokens',
      '/api/me/identities',
      '/api/auth/providers',
      '/api/health',
    ]) {
      const res = await browser.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const book = (await browser.get(`/api/books/${id}`)).json<Record<string, unknown>>();
    expect(book).toMatchObject({ notes: full.notes, priceHistory: full.priceHistory, currentValue: full.currentValue });
  });

  it('answers, in the fast mode, what the checked mode answers', async () => {
    const fast = await createTestApp({ responses: 'fast' });
    try {
      const answers = [];
      for (const app of [t.app, fast.app]) {
        const { browser } = await signUp(app);
        const id = (await browser.post('/api/books', full)).json<{ id: string }>().id;
        const {
          id: _id,
          updatedAt: _at,
          dateAdded: _added,
          ...book
        } = (await browser.get(`/api/books/${id}`)).json<Record<string, unknown>>();
        answers.push(book);
      }
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      await fast.close();
    }
  });

  it('refuses, in the checked mode, an answer the contract does not allow', async () => {
    const checked = await createTestApp({
      // A plain FastifyInstance, whose types do not know the schema: what a bug might answer gets past them.
      extend: (app) =>
        (app as unknown as FastifyInstance).get(
          '/api/test/bad-answer',
          { config: { anonymous: true }, schema: { response: { 200: OPENAPI_COMPONENTS.Health } } },
          async () => ({
            status: 'fine',
            db: 'ok',
          }),
        ),
    });
    try {
      expect((await checked.app.inject({ method: 'GET', url: '/api/test/bad-answer' })).statusCode).toBe(500);
    } finally {
      await checked.close();
    }
  });
});
