import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

// The files scripts/prerender.mjs writes, in miniature (scripts/prerender.test.ts checks the real ones).
const SHELL = '<!doctype html><html><body><div id="root"></div>bookshelf-app-shell</body></html>';
const page = (pathname: string, heading: string) =>
  `<!doctype html><html><body><div id="root" data-prerendered="${pathname}"><h1>${heading}</h1></div></body></html>`;
const LANDING_HEADING = 'Your library, your reading, your friends.';

function writeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-prerendered-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), page('/', LANDING_HEADING));
  writeFileSync(path.join(dist, 'prerendered', 'help.html'), page('/help', 'Help Center'));
  // Listed but not there (a half-copied deploy): the shell, never a 404.
  writeFileSync(
    path.join(dist, 'prerendered', 'pages.json'),
    JSON.stringify({ '/': 'index.html', '/help': 'help.html', '/terms': 'terms.html' }),
  );
  return dist;
}

describe('prerendered pages for visitors', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / without a session cookie with the landing page already in the HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(LANDING_HEADING);
    expect(res.body).toContain('data-prerendered="/"');
    expect(res.body).not.toContain('bookshelf-app-shell');
    // Like the shell: revalidated on every visit, with the security headers.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('answers a static page with its own document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/help' });
    expect(res.body).toContain('data-prerendered="/help"');
    expect(res.body).toContain('Help Center');
  });

  it.each([
    ['a session cookie', '/', { cookie: 'bookshelf_session=whatever-token' }],
    ['an empty session cookie', '/', { cookie: 'bookshelf_session=' }],
    ['a query string (it may open the sign-in dialog)', '/?signin=1', {}],
    ['a page without a prerendered document', '/contact', {}],
    ['a page whose listed document is missing', '/terms', {}],
    ['a path that is not exactly a prerendered one', '/help/', {}],
  ])('answers a request with %s with the plain app shell', async (_, url, headers) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('bookshelf-app-shell');
    expect(res.body).not.toContain('data-prerendered');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('says the landing varies with the cookie on the shell too, so no cache hands it to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'bookshelf_session=x' } });
    expect(res.body).toContain('bookshelf-app-shell');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('ignores other cookies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; other=1' } });
    expect(res.body).toContain(LANDING_HEADING);
  });
});

describe('prerendered pages behind https', () => {
  it('looks for the __Host- session cookie', async () => {
    const dist = writeDist();
    const t = await createTestApp({ webDistDir: dist, publicUrl: 'https://books.example.test' });
    try {
      const signedIn = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: '__Host-bookshelf_session=token' },
      });
      expect(signedIn.body).toContain('bookshelf-app-shell');
      const visitor = await t.app.inject({ method: 'GET', url: '/' });
      expect(visitor.body).toContain(LANDING_HEADING);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a web build without prerendered pages', () => {
  it('answers / with the shell', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-prerendered-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    const t = await createTestApp({ webDistDir: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('bookshelf-app-shell');
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
