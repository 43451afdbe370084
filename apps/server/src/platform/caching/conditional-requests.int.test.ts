import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp, type Browser } from '../../test/browser.js';
import { testDatabaseKind } from '../../test/database.js';

/**
 * Lists and details answer with an ETag and 304 when unchanged (decision 027); any change to what they show,
 * made on this instance or another, makes the next request a 200 with a new tag; one user's tag never gets
 * another user a 304.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const conditional = (browser: Browser, url: string, etag: string) =>
  browser.get(url, { headers: { 'if-none-match': etag } });

async function expectNotModified(browser: Browser, url: string): Promise<string> {
  const first = await browser.get(url);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers['cache-control']).toBe('private, no-cache');
  const again = await conditional(browser, url, etag);
  expect(again.statusCode).toBe(304);
  expect(again.headers.etag).toBe(etag);
  expect(again.body).toBe('');
  return etag;
}

async function libraryWithABook() {
  const owner = await signUp(t.app);
  const created = await owner.browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
  expect(created.statusCode).toBe(201);
  return { ...owner, bookId: created.json<{ id: string }>().id };
}

describe('conditional GETs', () => {
  it('answer 304 with the same tag and no body, for the list (any query), a book, me and the accounts', async () => {
    const { browser, bookId } = await libraryWithABook();
    for (const url of [
      '/api/books',
      '/api/books?limit=50',
      '/api/books?q=dune&sort=title',
      '/api/books/facets',
      `/api/books/${bookId}`,
      '/api/me',
      '/api/accounts',
    ])
      await expectNotModified(browser, url);
  });

  it('tag /api/me anew after a restart with other administrators (ADMIN_EMAILS), and only then', async () => {
    const { browser } = await libraryWithABook();
    const etag = (await browser.get('/api/me')).headers.etag as string;
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const restartedWith = async (adminEmails: string[]) => {
      const restarted = await buildApp({ database: t.database, responses: 'checked', adminEmails });
      try {
        const res = await restarted.inject({
          method: 'GET',
          url: '/api/me',
          headers: { cookie, 'if-none-match': etag },
        });
        return res.statusCode;
      } finally {
        await restarted.close();
      }
    };
    expect(await restartedWith([])).toBe(304);
    expect(await restartedWith(['someone@example.com'])).toBe(200);
  });

  it('tag each query differently', async () => {
    const { browser } = await libraryWithABook();
    const all = (await browser.get('/api/books')).headers.etag as string;
    const read = await conditional(browser, '/api/books?status=read', all);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).not.toBe(all);
  });

  it('answer 200 with a new tag after a change on this instance', async () => {
    const { browser, bookId } = await libraryWithABook();
    const urls = ['/api/books?limit=50', `/api/books/${bookId}`, '/api/accounts', '/api/books/facets'];
    const before = await Promise.all(urls.map((url) => expectNotModified(browser, url)));
    expect((await browser.patch(`/api/books/${bookId}`, { status: 'read' })).statusCode).toBe(200);
    for (const [i, url] of urls.entries()) {
      const after = await conditional(browser, url, before[i]!);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before[i]);
    }
    const [list] = urls;
    const changed = await conditional(browser, list!, before[0]!);
    expect(changed.json<{ items: { status: string }[] }>().items[0]!.status).toBe('read');
  });

  it('answer 200 after an account or profile change', async () => {
    const { browser } = await libraryWithABook();
    const accounts = await expectNotModified(browser, '/api/accounts');
    const me = await expectNotModified(browser, '/api/me');
    const added = await browser.post('/api/accounts', { name: 'Kindle', type: 'kindle' });
    expect(added.statusCode).toBe(201);
    expect((await conditional(browser, '/api/accounts', accounts)).statusCode).toBe(200);
    expect((await browser.patch('/api/me', { name: 'Another name' })).statusCode).toBe(200);
    const renamed = await conditional(browser, '/api/me', me);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ name: string }>().name).toBe('Another name');
  });

  it('never answer one user 304 with another user’s tag', async () => {
    const a = await libraryWithABook();
    const b = await signUp(t.app);
    for (const url of ['/api/books?limit=50', '/api/me', '/api/accounts']) {
      const etag = await expectNotModified(a.browser, url);
      const theirs = await conditional(b.browser, url, etag);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers.etag).not.toBe(etag);
    }
  });

  it('carry no tag on an error answer, and none when signed out', async () => {
    const { browser } = await libraryWithABook();
    const other = await libraryWithABook();
    const missing = await browser.get(`/api/books/${other.bookId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/books' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });
});

describe.runIf(testDatabaseKind === 'postgres')('across instances of one PostgreSQL', () => {
  let databaseB: DatabaseHandle;
  let appB: App;
  beforeAll(async () => {
    databaseB = openDatabase({ kind: 'postgres', url: (t.database as { url?: string }).url!, maxConnections: 4 });
    appB = await buildApp({ database: databaseB });
    await appB.ready();
  });
  afterAll(async () => {
    await appB.close();
    await databaseB.close();
  });

  it('a change on A makes B answer 200 within a second', async () => {
    const { browser, bookId } = await libraryWithABook();
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const onB = (etag?: string) =>
      appB.inject({
        method: 'GET',
        url: '/api/books?limit=50',
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const etag = (await onB()).headers.etag as string;
    expect((await onB(etag)).statusCode).toBe(304); // B now caches the version
    expect((await browser.patch(`/api/books/${bookId}`, { title: 'Dune Messiah' })).statusCode).toBe(200);
    const deadline = Date.now() + 1_000;
    let res: LightMyRequestResponse;
    do res = await onB(etag);
    while (res.statusCode === 304 && Date.now() < deadline && (await new Promise((r) => setTimeout(r, 20, true))));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: { title: string }[] }>().items[0]!.title).toBe('Dune Messiah');
  });
});
