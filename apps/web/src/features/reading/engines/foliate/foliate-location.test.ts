import { describe, expect, it } from 'vitest';
import { engineLocation, locationCount, navigationTo, openingTarget } from './foliate-location';

const reflowable = { fixedLayout: false, atEnd: false };

describe('locationCount', () => {
  it('counts 1,500 characters a location over the reading order only', () => {
    expect(locationCount([{ size: 3000 }, { size: 1 }, { size: 9000, linear: 'no' }])).toBe(3);
    expect(locationCount([])).toBe(1);
  });
});

describe('engineLocation', () => {
  it('makes the location the page, and keeps the CFI and percentage', () => {
    expect(
      engineLocation(
        { location: { current: 4, next: 5, total: 20 }, fraction: 0.25, cfi: 'epubcfi(/6/4!/4/2)' },
        reflowable,
      ),
    ).toEqual({ page: 5, totalPages: 20, location: 'epubcfi(/6/4!/4/2)', percentage: 25 });
  });

  it('reports the last page only at the book’s real end', () => {
    const last = { location: { current: 19, next: 20, total: 20 }, fraction: 0.98 };
    expect(engineLocation(last, reflowable).page).toBe(19);
    expect(engineLocation(last, { fixedLayout: false, atEnd: true })).toMatchObject({ page: 20, percentage: 100 });
  });

  it('starts at page 1 when foliate has no position yet', () => {
    expect(engineLocation({ location: { current: Number.NaN, next: Number.NaN, total: 9 } }, reflowable)).toMatchObject(
      {
        page: 1,
        totalPages: 9,
        location: null,
        percentage: 0,
      },
    );
  });

  it('makes the screen the page when pages are screens, the last one only at the book’s end (issue 27)', () => {
    const detail = { location: { current: 0, next: 0, total: 3 }, fraction: 0.1, cfi: 'epubcfi(/6/2!/4)' };
    expect(engineLocation(detail, { ...reflowable, screen: { page: 3, total: 40 } })).toEqual({
      page: 3,
      totalPages: 40,
      location: 'epubcfi(/6/2!/4)',
      percentage: 10,
    });
    expect(engineLocation(detail, { ...reflowable, screen: { page: 40, total: 40 } }).page).toBe(39);
    expect(engineLocation(detail, { fixedLayout: false, atEnd: true, screen: { page: 40, total: 40 } }).page).toBe(40);
  });

  it('counts a comic’s pages by picture', () => {
    expect(
      engineLocation(
        { section: { current: 2, total: 8 }, location: { current: 40, next: 41, total: 99 } },
        { fixedLayout: true, atEnd: false },
      ),
    ).toMatchObject({ page: 3, totalPages: 8, percentage: 37.5 });
  });
});

describe('navigationTo', () => {
  it('turns one page for a step, and stays for the same page', () => {
    expect(navigationTo(6, 5, 20, false)).toEqual({ kind: 'next' });
    expect(navigationTo(4, 5, 20, false)).toEqual({ kind: 'prev' });
    expect(navigationTo(5, 5, 20, false)).toEqual({ kind: 'none' });
  });

  it('jumps to a location’s start, and to the very end for the last page', () => {
    expect(navigationTo(11, 2, 20, false)).toEqual({ kind: 'fraction', fraction: 0.5 });
    expect(navigationTo(1, 9, 20, false)).toEqual({ kind: 'fraction', fraction: 0 });
    expect(navigationTo(20, 2, 20, false)).toEqual({ kind: 'fraction', fraction: 1 });
  });

  it('jumps to the screen’s section and place when pages are screens', () => {
    const locate = (page: number) => ({ index: page - 1, anchor: 0.5 });
    expect(navigationTo(9, 2, 20, false, locate)).toEqual({ kind: 'screen', index: 8, anchor: 0.5 });
    expect(navigationTo(3, 2, 20, false, locate)).toEqual({ kind: 'next' });
    expect(navigationTo(99, 2, 20, false, locate)).toEqual({ kind: 'screen', index: 19, anchor: 0.5 });
  });

  it('goes to a comic’s picture', () => {
    expect(navigationTo(7, 2, 8, true)).toEqual({ kind: 'section', index: 6 });
  });
});

describe('openingTarget', () => {
  it('prefers the saved place, then the saved page, else the start', () => {
    expect(openingTarget('epubcfi(/6/8!/4)', 9, 20, false)).toBe('epubcfi(/6/8!/4)');
    expect(openingTarget(null, 11, 20, false)).toEqual({ fraction: 0.5 });
    expect(openingTarget(null, 1, 20, false)).toBeNull();
    expect(openingTarget(null, 3, 8, true)).toBe(2);
  });
});
