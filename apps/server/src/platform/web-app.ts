import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrerenderedPages } from './prerendered-pages.js';
import type { SignedInShells } from './signed-in-shells.js';
import { loadStaticFiles, sendStaticFile, type StaticFile } from './static-files.js';

/**
 * A missing static file is a 404, never the app's HTML (a stale chunk must fail loudly so the lazy-load
 * retry sees it). Only these extensions name files: /profile/jane.doe or /blog/v1.2 are client routes.
 */
const STATIC_FILE =
  /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|wasm|br|gz)$/i;

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const PRERENDERED_URL = '/prerendered/';

/**
 * What a browser may open as a document of its own or run as a worker: a page, an SVG (which can hold a
 * script), and a worker's script (pdf.js's is the build's one .mjs; a worker's policy comes from its own
 * answer, not its page's). These keep every security header; any other built file is only ever loaded by a
 * page, and gets the subresource headers alone (platform/security-headers.ts).
 */
const DOCUMENT_OR_WORKER = /\.(?:html?|svg|mjs)$|\.worker[.-]/i;
export const isSubresource = (url: string) => !DOCUMENT_OR_WORKER.test(url);

export function hasWebApp(distDir: string | undefined): distDir is string {
  return Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
}

/** The built web app's files; `serveAppShell` answers client routes with its index.html. */
export interface WebApp {
  files: ReadonlyMap<string, StaticFile>;
  appShell: StaticFile;
}

/**
 * Serves the built SPA's files from memory, each in the encoding the client prefers (decision 024). One
 * route per built file, listed at start-up; every other path falls through to the not-found handler, which
 * serves the app shell for client routes.
 */
export function registerWebApp(app: FastifyInstance, distDir: string): WebApp {
  const files = loadStaticFiles(distDir);
  for (const [url, file] of files) {
    // The prerendered pages are answers to client routes (serveAppShell), not addresses of their own.
    if (url.startsWith(PRERENDERED_URL)) continue;
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: { subresource: isSubresource(url) },
      handler: (request, reply) => sendStaticFile(request, reply, file),
    });
  }
  return { files, appShell: files.get('/index.html')! };
}

/**
 * The SPA fallback: any GET for a client route (spec core.md §2, including "any other path") gets
 * index.html so the router in the browser decides what to show, or for a visitor the page prerendered
 * at build time when there is one (decision 031), for a member the shell that preloads what their page needs
 * first (decision 033). Returns false when it does not apply.
 */
export function serveAppShell(
  web: WebApp,
  request: FastifyRequest,
  reply: FastifyReply,
  prerendered?: PrerenderedPages,
  signedIn?: SignedInShells,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (STATIC_FILE.test(pathname)) return false;
  // The same address answers a visitor and a member differently: no cache may hand one the other's.
  if (signedIn || prerendered?.has(pathname)) void reply.header('vary', 'Cookie');
  const page = prerendered?.fileFor(request, pathname);
  const file =
    (page === undefined ? undefined : web.files.get(`/${page}`)) ??
    signedIn?.fileFor(request, pathname) ??
    web.appShell;
  // The not-found handler set 404; the shell is the page for this address. Range does not apply to it.
  sendStaticFile(request, reply.code(200), file, { ranges: false });
  return true;
}

/**
 * An address the router cannot percent-decode (/books/%E0%A4%A) would be a bare 400 before any hook or route
 * runs. Outside /api it is still the browser router's to show (as Not found, or a book that is not there), so
 * for routing its '%' signs are escaped: the request then gets the app's HTML like any other page, with the
 * usual security headers, and the browser keeps the address it asked for. Fastify's `rewriteUrl`.
 */
export function routableUrl(request: { url?: string | undefined }): string {
  const url = request.url ?? '/';
  if (isApiPath(url)) return url;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(pathname);
    return url;
  } catch {
    return pathname.replaceAll('%', '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
  }
}
