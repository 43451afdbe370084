import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { StaticFile } from './static-files.js';

/**
 * What a signed-in browser fetches first on a page, in the order it would ask for it, so the app shell can
 * name it all up front (decision 033): the signed-in app's chunk and the screen's, and the API reads the screen
 * starts with. Without this the browser learns of each only after the one before has arrived and run: HTML →
 * main JS → /api/me → the signed-in app → the screen → its data.
 *
 * `screen` is the screen module's source path as Vite's manifest names it; `data` are the exact URLs the web
 * app's first queries ask for (features/books/api/fetch-books.ts writes the query string: the page size,
 * BookLimits.pageSizeDefault, then the offset), so the browser can hand the preloaded answer to them. A URL that
 * drifts from the web's is fetched twice, never wrong: the preloaded answer just goes unused.
 */
interface RoutePreloads {
  screen?: string;
  data: readonly string[];
}

const SIGNED_IN_APP = 'src/app/authenticated-app.tsx';
/** TanStack Query, which the entry loads with the signed-in app (web lib/query-client.tsx, decision 030). */
const QUERY_CLIENT = 'src/lib/query-client.tsx';
const ME = '/api/me';

const DASHBOARD: RoutePreloads = {
  screen: 'src/features/dashboard/pages/dashboard-page.tsx',
  // The counts, then the two cards (features/dashboard/pages/dashboard-page.tsx).
  data: [
    '/api/books/facets',
    '/api/books?status=reading&limit=5&sort=dateAdded',
    '/api/books?limit=5&sort=dateAdded&order=desc',
  ],
};

/** By exact path; the library's data only without a query string (a filter asks for another list). */
const ROUTES: Record<string, RoutePreloads> = {
  '/': DASHBOARD,
  '/dashboard': DASHBOARD,
  '/books': {
    screen: 'src/features/books/pages/library-page.tsx',
    data: ['/api/books?limit=50&offset=0', '/api/books/facets', '/api/accounts'],
  },
};

/** Every other signed-in page still gets the signed-in app and /api/me early. */
const OTHER: RoutePreloads = { data: [] };

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files `key` needs before it runs: its own and its static imports', transitively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The manifest's key for a source module: its own when it has a chunk of its own, else the key of the chunk the
 * build put it in (the web build groups the signed-in app and its screens into a few chunks and writes where
 * each went to `.vite/screen-chunks.json`, decision 040).
 */
function keyOf(manifest: Manifest, homes: Record<string, string>, source: string): string {
  if (manifest[source]) return source;
  const file = homes[source];
  return Object.keys(manifest).find((key) => file !== undefined && manifest[key]!.file === file) ?? source;
}

/** The shell's HTML with the preload links for one route, just before </head>. */
function withPreloads(
  shell: string,
  manifest: Manifest,
  homes: Record<string, string>,
  entry: string,
  route: RoutePreloads,
): string {
  // The entry's own chunks are already in the shell (Vite writes their modulepreloads).
  const inShell = closure(manifest, entry);
  const chunks = new Set<string>();
  for (const source of [SIGNED_IN_APP, QUERY_CLIENT, ...(route.screen ? [route.screen] : [])]) {
    for (const file of closure(manifest, keyOf(manifest, homes, source))) if (!inShell.has(file)) chunks.add(file);
  }
  const links = [
    // The credentials mode must be the one of the fetch that uses the answer (api-client: same-origin), which
    // is what `crossorigin` (anonymous) gives a same-origin request: cookies go with it.
    ...[ME, ...route.data].map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`),
    ...[...chunks].map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`),
  ];
  const at = shell.indexOf('</head>');
  if (at === -1) return shell;
  return `${shell.slice(0, at)}    ${links.join('\n    ')}\n  ${shell.slice(at)}`;
}

/** A shell variant, compressed once at start-up like the build's own files, with an ETag of its own. */
function shellFile(html: string, shell: StaticFile): StaticFile {
  const body = Buffer.from(html);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return {
    ...shell,
    body,
    codings: ['identity', 'br', 'gzip'],
    variants: {
      identity: { body, etag: `"${hash}"` },
      br: {
        body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        etag: `"${hash}-br"`,
      },
      gzip: { body: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` },
    },
  };
}

export interface SignedInShells {
  /** The shell to send this request, or undefined when it carries no session cookie (a visitor's plain shell). */
  fileFor(request: FastifyRequest, pathname: string): StaticFile | undefined;
}

/**
 * Reads Vite's manifest and builds each route's shell once. The session cookie is only looked at, never
 * checked: an expired one costs a few unused preloads, and the page is the same shell either way. Without a
 * manifest (an old build, tests' miniature dists) there are no variants and every request gets the plain shell.
 */
export function loadSignedInShells(distDir: string, shell: StaticFile, sessionCookie: string): SignedInShells {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
  const entry = manifest && Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const homesFile = path.join(distDir, '.vite', 'screen-chunks.json');
  const homes = existsSync(homesFile) ? (JSON.parse(readFileSync(homesFile, 'utf8')) as Record<string, string>) : {};
  if (!manifest || !entry || !manifest[keyOf(manifest, homes, SIGNED_IN_APP)]) return { fileFor: () => undefined };

  const html = shell.body.toString('utf8');
  const built = new Map<RoutePreloads, StaticFile>();
  const variant = (route: RoutePreloads) => {
    let file = built.get(route);
    if (!file) {
      file = shellFile(withPreloads(html, manifest, homes, entry, route), shell);
      built.set(route, file);
    }
    return file;
  };
  const byPath = new Map(Object.entries(ROUTES).map(([pathname, route]) => [pathname, variant(route)]));
  const other = variant(OTHER);
  // Only the screen's chunks for a filtered library: its first list is another URL.
  const libraryFiltered = variant({ ...ROUTES['/books']!, data: [] });

  return {
    fileFor(request, pathname) {
      if (!request.cookies[sessionCookie]) return undefined;
      if (pathname === '/books' && request.url.includes('?')) return libraryFiltered;
      return byPath.get(pathname) ?? other;
    },
  };
}
