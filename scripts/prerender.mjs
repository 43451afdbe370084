// The last step of the web build (scripts/build.mjs): writes the visitors' pages listed in
// apps/web/src/app/prerendered.ts to HTML, so their first paint needs no JavaScript. A server build of
// apps/web/src/prerender.tsx renders each page into a copy of the built index.html:
//
//   dist/prerendered/index.html, features.html, …   the documents
//   dist/prerendered/pages.json                     { "/": "index.html", … }, read by the server at start-up
//
// (apps/server/src/platform/prerendered-pages.ts serves them to requests without a session cookie.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PRERENDERED_DIR = 'prerendered';
export const PAGES_FILE = 'pages.json';

/**
 * @typedef {object} PrerenderEntry  What src/prerender.tsx exports.
 * @property {readonly string[]} PRERENDERED_PATHS
 * @property {(pathname: string) => Promise<string>} renderPage
 * @property {(shell: string, pathname: string, markup: string) => string} prerenderedDocument
 * @property {(pathname: string) => string} prerenderedFileName
 */

/**
 * Prerenders into `distDir` (the browser build's output, whose index.html is the shell). Answers the paths written.
 * @param {string} webDir  apps/web
 * @param {string} [distDir]
 */
export async function prerenderWeb(webDir, distDir = path.join(webDir, 'dist')) {
  const { build } = await import('vite');
  // Inside apps/web so the bundle finds react and the rest in node_modules; a folder of its own per run.
  mkdirSync(path.join(webDir, 'node_modules'), { recursive: true });
  const outDir = mkdtempSync(path.join(webDir, 'node_modules', '.prerender-'));
  try {
    await build({
      root: webDir,
      configFile: path.join(webDir, 'vite.prerender.config.ts'),
      logLevel: 'warn',
      build: { outDir },
    });
    /** @type {PrerenderEntry} */
    const entry = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
    const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const target = path.join(distDir, PRERENDERED_DIR);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    /** @type {Record<string, string>} */
    const pages = {};
    for (const pathname of entry.PRERENDERED_PATHS) {
      const file = entry.prerenderedFileName(pathname);
      const markup = await entry.renderPage(pathname);
      writeFileSync(path.join(target, file), entry.prerenderedDocument(shell, pathname, markup));
      pages[pathname] = file;
    }
    writeFileSync(path.join(target, PAGES_FILE), `${JSON.stringify(pages, null, 2)}\n`);
    return Object.keys(pages);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
