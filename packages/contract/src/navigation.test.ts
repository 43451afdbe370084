import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAB_IDS, pathToTab, tabToPath } from './navigation.js';

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
