import { CLIENT_ROUTES, TAB_IDS, tabToPath } from './navigation.js';
import { ADMIN_PERFORMANCE_PATH } from './performance-admin-path.js';

/*
 * Apart from performance-rules.ts so that the first download, which needs only the sampling rule, does not
 * carry the route list; the matchers are built on first use, not when the module loads.
 */

/** A stored route that matches none of the app's screens: a typo'd or stale address, never its text. */
export const OTHER_ROUTE = 'other';

let matchers: (readonly [string, RegExp])[] | undefined;

function routeMatchers() {
  matchers ??= [
    ...new Set<string>([...CLIENT_ROUTES, ...TAB_IDS.map(tabToPath), '/reset-password', ADMIN_PERFORMANCE_PATH]),
  ].map((pattern) => [pattern, new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`, 'i')] as const);
  return matchers;
}

/**
 * The route pattern a page address belongs to (`/books/:id`, never the book's id), or `other`. Only the
 * patterns are ever stored: no ids, query strings, fragments or hosts, so a stored sample says nothing about
 * who loaded which book.
 */
export function routePattern(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://x.invalid').pathname;
  } catch {
    return OTHER_ROUTE;
  }
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, matcher] of routeMatchers()) if (matcher.test(path)) return pattern;
  return OTHER_ROUTE;
}
