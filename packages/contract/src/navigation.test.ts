import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, TAB_IDS, isScreenPath, pathToTab, tabToPath } from './navigation.js';

describe('pathToTab (spec core.md §2)', () => {
  it.each([
    ['/', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/books', 'library'],
    ['/books/42', 'library'],
    ['/books/42/summary', 'library'],
    ['/community', 'community'],
    ['/community/anything', 'community'],
    ['/wishlist', 'wishlist'],
    ['/wishlist/abc', 'wishlist'],
    ['/blog', 'blog'],
    ['/blog/my-post', 'blog'],
    ['/cloud-drives', 'cloud-drives'],
    ['/cloud-drives/anything', 'cloud-drives'],
    ['/settings', 'settings'],
    ['/settings/security', 'settings'],
    ['/trending', 'trending'],
    ['/book-clubs', 'book-clubs'],
    ['/profile/u1', 'dashboard'],
    ['/no-such-tab', 'dashboard'],
    ['/booksy', 'dashboard'],
    ['/books/', 'library'],
  ] as const)('%s is the %s tab', (path, tab) => {
    expect(pathToTab(path)).toBe(tab);
  });
});

describe('tabToPath', () => {
  it('maps library to /books and other tabs to their own segment', () => {
    expect(tabToPath('library')).toBe('/books');
    expect(tabToPath('dashboard')).toBe('/dashboard');
    expect(tabToPath('reading-challenges')).toBe('/reading-challenges');
  });

  it('round-trips through pathToTab for every tab', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TAB_IDS), (tab) => {
        expect(pathToTab(tabToPath(tab))).toBe(tab);
      }),
    );
  });
});

describe('isScreenPath', () => {
  it('knows every client route and every tab, with or without a trailing slash', () => {
    for (const route of CLIENT_ROUTES) expect(isScreenPath(route.replace(/:[A-Za-z]+/g, 'x-1'))).toBe(true);
    for (const tab of TAB_IDS) expect(isScreenPath(`${tabToPath(tab)}/`)).toBe(true);
    expect(isScreenPath('/books/%E0%A4%A')).toBe(true);
  });

  it('takes every path under /cloud-drives as the Cloud Drives screen (core.md §2 /cloud-drives*)', () => {
    fc.assert(
      fc.property(fc.webSegment(), fc.webSegment(), (a, b) => {
        expect(isScreenPath(`/cloud-drives/${a}`)).toBe(true);
        expect(isScreenPath(`/cloud-drives/${a}/${b}`)).toBe(true);
      }),
      { numRuns: 50 },
    );
    expect(isScreenPath('/cloud-drivesx')).toBe(false);
  });

  it.each(['/no-such-tab', '/booksy', '/books/1/summary/more', '/dashboard/x', '/settings/security', '/library'])(
    '%s is no screen: it gets Not found',
    (path) => {
      expect(isScreenPath(path)).toBe(false);
    },
  );
});
