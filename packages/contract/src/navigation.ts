/**
 * Client routes and the path <-> sidebar tab mapping of spec core.md §2.
 * Shared so that the server's SPA fallback tests and the web router agree on the same list.
 */

export const TAB_IDS = [
  'dashboard',
  'library',
  'cloud-drives',
  'wishlist',
  'blog',
  'community',
  'book-clubs',
  'reading-challenges',
  'discussion-forums',
  'trending',
  'ai-insights',
  'reading-analytics',
  'spending',
  'book-reviews',
  'reviews',
  'author-events',
  'help',
  'contact',
  'privacy',
  'terms',
  'settings',
  'features',
] as const;
export type TabId = (typeof TAB_IDS)[number];

/** Client route patterns of core.md §2 (`:param` marks a path parameter). */
export const CLIENT_ROUTES = [
  '/',
  '/dashboard',
  '/books',
  '/books/:id',
  '/books/:id/summary',
  '/wishlist',
  '/wishlist/:id',
  '/community',
  '/trending',
  '/reviews',
  '/settings',
  '/blog',
  '/blog/:slug',
  '/profile/:userId',
  '/cloud-drives',
  '/auth/callback',
  '/oauth-callback',
  '/oauth/callback/:provider',
] as const;

/** Prefix rules in the order the spec lists them; a prefix matches itself and anything below it. */
const PREFIX_TABS: ReadonlyArray<readonly [string, TabId]> = [
  ['/books', 'library'],
  ['/community', 'community'],
  ['/wishlist', 'wishlist'],
  ['/blog', 'blog'],
  ['/cloud-drives', 'cloud-drives'],
  ['/settings', 'settings'],
];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function isTabId(value: string): value is TabId {
  return (TAB_IDS as readonly string[]).includes(value);
}

/**
 * The sidebar tab that is active for a path. Known prefixes first; any other path whose first segment
 * is a tab id shows that tab ("tab = the path segment"); everything else is the dashboard.
 */
export function pathToTab(pathname: string): TabId {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/dashboard') return 'dashboard';
  for (const [prefix, tab] of PREFIX_TABS) {
    if (isUnder(path, prefix)) return tab;
  }
  const segment = path.split('/')[1] ?? '';
  return isTabId(segment) ? segment : 'dashboard';
}

export function tabToPath(tab: TabId): string {
  if (tab === 'library') return '/books';
  return `/${tab}`;
}

/** Every path the app has a screen for: the client routes and the tabs of core.md §2, `:param` one segment. */
const SCREEN_PATHS: readonly RegExp[] = [...CLIENT_ROUTES, ...TAB_IDS.map(tabToPath)].map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`, 'i'),
);

/**
 * Screens that answer every path below them (core.md §2 maps `/cloud-drives*` to its tab): an old or shared
 * address under the Cloud Drives screen still shows it rather than Not found.
 */
export const SCREEN_PREFIXES = ['/cloud-drives'] as const;

/**
 * Whether a path is one of the app's screens, landed or still to come, as opposed to a mistyped or stale
 * address that deserves a Not found page (and no sidebar tab shown as current).
 */
export function isScreenPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    SCREEN_PATHS.some((screen) => screen.test(path)) ||
    SCREEN_PREFIXES.some((prefix) => isUnder(path.toLowerCase(), prefix))
  );
}
