import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/** Where scripts/prerender.mjs writes the visitors' pages, and its list of them ({ "/": "index.html", … }). */
const PRERENDERED_DIR = 'prerendered';
const PAGES_FILE = 'pages.json';

export interface PrerenderedPages {
  /** The paths that have a prerendered document, whatever the request: their answer varies with the cookie. */
  has(pathname: string): boolean;
  /** The file (relative to the web app's dist) to send this request, or undefined for the plain shell. */
  fileFor(request: FastifyRequest, pathname: string): string | undefined;
}

/**
 * The pages rendered to HTML at build time for visitors (apps/web/src/app/prerendered.ts). They are sent only
 * to a request that carries no session cookie (a look at the header, never a database lookup) and no query
 * string (one that opens the sign-in dialog would render differently). A cookie that turns out expired gets
 * the shell, which shows the same page after one more round trip; a signed-in browser that gets a
 * prerendered page anyway (its cookie held back) hydrates it as a visitor and moves on to its shell as soon
 * as its session check answers.
 */
export function loadPrerenderedPages(distDir: string, sessionCookie: string): PrerenderedPages {
  const listFile = path.join(distDir, PRERENDERED_DIR, PAGES_FILE);
  const pages = new Map<string, string>();
  if (existsSync(listFile)) {
    const list = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>;
    for (const [pathname, file] of Object.entries(list)) {
      // Only what is there: a missing file would be a 404 where the shell would have done.
      const relative = path.posix.join(PRERENDERED_DIR, file);
      if (existsSync(path.join(distDir, relative))) pages.set(pathname, relative);
    }
  }
  return {
    has: (pathname) => pages.has(pathname),
    fileFor(request, pathname) {
      const file = pages.get(pathname);
      if (!file || request.url.includes('?') || request.cookies[sessionCookie] !== undefined) return undefined;
      return file;
    },
  };
}
