import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ROUTES } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

const INDEX = '<!doctype html><html><body><div id="root"></div>bookshelf-app-shell</body></html>';

/** A concrete URL for each route pattern, e.g. /books/:id → /books/abc-123. */
const concrete = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `${name}-123`);

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ...CLIENT_ROUTES.map(concrete),
    '/trending',
    '/reading-challenges',
    '/some/other/path',
    '/books?status=read',
  ])('answers the client route %s with the app HTML', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('bookshelf-app-shell');
  });

  it.each(['/books/%E0%A4%A', '/%E0%A4%A?x=1', '/blog/%'])(
    'answers the malformed address %s with the app HTML, for the browser router to show',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('bookshelf-app-shell');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('keeps a malformed /api address a JSON 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/books/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not the app HTML (a stale chunk must fail loudly)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('bookshelf-app-shell');
  });

  it('keeps /api JSON: an unknown API path is a 404 JSON, never the HTML', async () => {
    for (const url of ['/api/unknown', '/api', '/api/books/1/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('does not answer unsafe methods on client routes with HTML', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/books' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('without a built web app', () => {
  it('answers /api and a JSON 404 elsewhere', async () => {
    const t = await createTestApp({ webDistDir: path.join(tmpdir(), 'no-such-dist-dir') });
    const res = await t.app.inject({ method: 'GET', url: '/books' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    await t.close();
  });
});
