/**
 * Pages written to HTML at build time (src/prerender.tsx, scripts/prerender.mjs), so a visitor's first paint
 * needs no JavaScript. The server sends one only to a request without a session cookie and without a query
 * string (apps/server/src/platform/prerendered-pages.ts); the browser then hydrates it (main.tsx).
 */
export const PRERENDERED_PATHS = ['/', '/features', '/help', '/privacy', '/terms'] as const;

/** Set on #root of a prerendered document, to the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const EMPTY_ROOT = '<div id="root"></div>';

/** The file a path's document is written to, under dist/prerendered/. */
export const prerenderedFileName = (pathname: string) =>
  pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '-')}.html`;

/** React puts the preloads it finds (an <img>'s, say) before the markup; they belong in <head>. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/** The app's module script and the chunks Vite preloads for it. */
const APP_SCRIPTS = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

/**
 * The built index.html with the page's markup inside #root. The page is on screen without the app's code, so
 * its scripts are fetched at low priority: on a slow link the HTML and CSS go first, the hydration after.
 */
export function prerenderedDocument(shell: string, pathname: string, markup: string): string {
  const at = shell.indexOf(EMPTY_ROOT);
  if (at === -1 || shell.indexOf(EMPTY_ROOT, at + 1) !== -1) {
    throw new Error(`index.html must hold exactly one ${EMPTY_ROOT}`);
  }
  const links = LEADING_LINKS.exec(markup)?.[0] ?? '';
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${pathname}">${markup.slice(links.length)}</div>`;
  const document = (shell.slice(0, at) + root + shell.slice(at + EMPTY_ROOT.length)).replace(
    APP_SCRIPTS,
    '<$1 fetchpriority="low"',
  );
  return links ? document.replace('</head>', `${links}</head>`) : document;
}

/**
 * Whether the markup in #root is the page this address shows to a visitor, so it can be hydrated. Anything
 * else (a query string that opens the sign-in dialog, a page saved under another address) is rendered afresh.
 */
export function canHydrate(root: HTMLElement, location: { pathname: string; search: string }): boolean {
  const rendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  return rendered !== null && rendered === location.pathname && location.search === '';
}
