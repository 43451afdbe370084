import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

// A Vite build in miniature: the entry and its shared chunk, the signed-in app, two screens sharing a chunk.
const SHELL =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-E.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-R.js"></head>' +
  '<body><div id="root"></div>bookshelf-app-shell</body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['_react-R.js', '_deeper-D.js'] },
  '_deeper-D.js': { file: 'assets/deeper-D.js' },
  '_only-library-L.js': { file: 'assets/only-library-L.js' },
  'src/app/authenticated-app.tsx': {
    file: 'assets/authenticated-app-A.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-R.js', '_shared-S.js'],
    dynamicImports: ['src/app/user-menu-dropdown.tsx'],
  },
  'src/app/user-menu-dropdown.tsx': { file: 'assets/user-menu-dropdown-U.js', isDynamicEntry: true },
  'src/lib/query-client.tsx': { file: 'assets/query-client-Q.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/features/books/pages/library-page.tsx': {
    file: 'assets/library-page-B.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-S.js', '_only-library-L.js'],
  },
  'src/features/dashboard/pages/dashboard-page.tsx': {
    file: 'assets/dashboard-page-H.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-S.js'],
  },
};

const SESSION = { cookie: 'bookshelf_session=some-token' };
const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** The URLs as the browser reads them from the attribute. */
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );

/** A miniature dist: the shell, the manifest's files, the manifest (unless null) and the build's screen list. */
function writeDist(
  manifest: Record<string, { file: string }> | null = MANIFEST,
  screenChunks?: Record<string, string>,
): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-signed-in-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  if (manifest) writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (screenChunks) writeFileSync(path.join(dist, '.vite', 'screen-chunks.json'), JSON.stringify(screenChunks));
  for (const { file } of Object.values(manifest ?? MANIFEST)) writeFileSync(path.join(dist, file), 'export {}');
  return dist;
}

/** A test app serving `writeDist(...)` for the describe block it is called in. */
function serveDist(...dist: Parameters<typeof writeDist>): () => TestApp {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = writeDist(...dist);
    t = await createTestApp({ webDistDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => t;
}

describe('the app shell for a signed-in browser', () => {
  const served = serveDist();

  it('preloads the library’s chunks, its first list and the session on /books', async () => {
    const res = await served().app.inject({ method: 'GET', url: '/books', headers: SESSION });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('bookshelf-app-shell');
    // The entry's own chunks are in the shell already; the lazy dropdown is not needed first.
    expect(modulepreloads(res.body).sort()).toEqual([
      '/assets/authenticated-app-A.js',
      '/assets/deeper-D.js',
      '/assets/library-page-B.js',
      '/assets/only-library-L.js',
      '/assets/query-client-Q.js',
      '/assets/react-R.js',
      '/assets/shared-S.js',
    ]);
    expect(fetchPreloads(res.body)).toEqual([
      '/api/me',
      '/api/books?limit=50&offset=0',
      '/api/books/facets',
      '/api/accounts',
    ]);
    expect(res.body.indexOf('/api/me')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('preloads the dashboard’s chunks and reads on / and /dashboard', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await served().app.inject({ method: 'GET', url, headers: SESSION });
      expect(modulepreloads(res.body)).toContain('/assets/dashboard-page-H.js');
      expect(modulepreloads(res.body)).not.toContain('/assets/library-page-B.js');
      expect(fetchPreloads(res.body)).toEqual([
        '/api/me',
        '/api/books/facets',
        '/api/books?status=reading&limit=5&sort=dateAdded',
        '/api/books?limit=5&sort=dateAdded&order=desc',
      ]);
    }
  });

  it('preloads only the signed-in app and the session elsewhere, and no list for a filtered library', async () => {
    const settings = await served().app.inject({ method: 'GET', url: '/settings', headers: SESSION });
    expect(modulepreloads(settings.body).sort()).toEqual([
      '/assets/authenticated-app-A.js',
      '/assets/deeper-D.js',
      '/assets/query-client-Q.js',
      '/assets/react-R.js',
      '/assets/shared-S.js',
    ]);
    expect(fetchPreloads(settings.body)).toEqual(['/api/me']);

    const filtered = await served().app.inject({ method: 'GET', url: '/books?status=read', headers: SESSION });
    expect(modulepreloads(filtered.body)).toContain('/assets/library-page-B.js');
    expect(fetchPreloads(filtered.body)).toEqual(['/api/me']);
  });

  it.each([
    ['no cookie', {}],
    ['an empty session cookie', { cookie: 'bookshelf_session=' }],
    ['other cookies only', { cookie: 'theme=dark' }],
  ])('sends the plain shell to a request with %s, still varying on the cookie', async (_, headers) => {
    const res = await served().app.inject({ method: 'GET', url: '/books', headers });
    expect(res.body).toBe(SHELL);
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('gives each variant its own ETag, compressed ones included, and answers its If-None-Match with 304', async () => {
    const plain = await served().app.inject({ method: 'GET', url: '/books' });
    const library = await served().app.inject({ method: 'GET', url: '/books', headers: SESSION });
    const dashboard = await served().app.inject({ method: 'GET', url: '/dashboard', headers: SESSION });
    const etags = [plain, library, dashboard].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);

    const br = await served().app.inject({
      method: 'GET',
      url: '/books',
      headers: { ...SESSION, 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(library.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(library.body);

    const again = await served().app.inject({
      method: 'GET',
      url: '/books',
      headers: { ...SESSION, 'if-none-match': String(library.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // The plain shell's tag does not stand for the member's variant.
    const stale = await served().app.inject({
      method: 'GET',
      url: '/books',
      headers: { ...SESSION, 'if-none-match': String(plain.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
  });
});

// The web build as it is now (decision 040): the signed-in app and the screens live inside grouped chunks, which
// Vite's manifest names only by file, and the build says which chunk holds each.
const GROUPED_MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_rolldown-runtime-R.js'] },
  '_rolldown-runtime-R.js': { file: 'assets/rolldown-runtime-R.js' },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['index.html'] },
  '_signed-in-G.js': { file: 'assets/signed-in-G.js', imports: ['index.html', '_shared-S.js'] },
  '_library-L.js': { file: 'assets/library-L.js', imports: ['index.html', '_signed-in-G.js'] },
  '_dashboard-D.js': { file: 'assets/dashboard-D.js', imports: ['index.html', '_signed-in-G.js'] },
};
const SCREEN_CHUNKS = {
  'src/app/authenticated-app.tsx': 'assets/signed-in-G.js',
  'src/lib/query-client.tsx': 'assets/shared-S.js',
  'src/features/books/pages/library-page.tsx': 'assets/library-L.js',
  'src/features/dashboard/pages/dashboard-page.tsx': 'assets/dashboard-D.js',
};

describe('a web build that groups the screens into chunks', () => {
  const served = serveDist(GROUPED_MANIFEST, SCREEN_CHUNKS);

  it('preloads the chunk each screen lives in, found through the build’s list', async () => {
    // (react-R.js is the miniature shell's own preload.)
    const library = await served().app.inject({ method: 'GET', url: '/books', headers: SESSION });
    expect(modulepreloads(library.body).sort()).toEqual([
      '/assets/library-L.js',
      '/assets/react-R.js',
      '/assets/shared-S.js',
      '/assets/signed-in-G.js',
    ]);
    const dashboard = await served().app.inject({ method: 'GET', url: '/dashboard', headers: SESSION });
    expect(modulepreloads(dashboard.body).sort()).toEqual([
      '/assets/dashboard-D.js',
      '/assets/react-R.js',
      '/assets/shared-S.js',
      '/assets/signed-in-G.js',
    ]);
  });
});

describe('a web build without a Vite manifest', () => {
  it('sends the plain shell to a signed-in browser too', async () => {
    const dist = writeDist(null);
    const t = await createTestApp({ webDistDir: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/books', headers: SESSION });
      expect(res.body).toBe(SHELL);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
