import type { FoliateRelocateDetail, FoliateSection } from 'foliate-js/view.js';
import type { EngineLocation } from '../engine-types';
import { CHARS_PER_LOCATION, type ScreenPlace, type ScreenTarget } from './screen-pages';

/*
 * A reflowed book's "page" is foliate's location: a run of 1,500 characters, the same whatever the font size or
 * screen, so a saved page still means the same place after either changes. A comic's page is its picture.
 */

/** How many locations a book has, counted as foliate counts them (sections outside the reading order skipped). */
export function locationCount(sections: readonly Pick<FoliateSection, 'size' | 'linear'>[]): number {
  const size = sections.reduce((sum, s) => sum + (s.linear !== 'no' && s.size > 0 ? s.size : 0), 0);
  return Math.max(1, Math.ceil(size / CHARS_PER_LOCATION));
}

const percentOf = (fraction: number) =>
  Number.isFinite(fraction) ? Math.min(100, Math.max(0, Math.round(fraction * 10_000) / 100)) : 0;

/**
 * Where foliate says the reader is, as the shell counts it. The last page is reported only when the view really
 * shows the book's end: the last location may span several screens, and the shell stops Next at the last page.
 */
export function engineLocation(
  detail: FoliateRelocateDetail,
  { fixedLayout, atEnd, screen }: { fixedLayout: boolean; atEnd: boolean; screen?: ScreenPlace | null },
): EngineLocation {
  const cfi = detail.cfi ?? null;
  if (!fixedLayout && screen) {
    // A reflowed book counted by screens (screen-pages.ts).
    const total = Math.max(1, screen.total);
    const page = atEnd ? total : Math.max(1, Math.min(screen.page, total - 1));
    return { page, totalPages: total, location: cfi, percentage: atEnd ? 100 : percentOf(detail.fraction ?? 0) };
  }
  if (fixedLayout || !detail.location) {
    const total = Math.max(1, detail.section?.total ?? 1);
    const page = Math.min(total, Math.max(1, (detail.section?.current ?? 0) + 1));
    return { page, totalPages: total, location: cfi, percentage: percentOf(page / total) };
  }
  const total = Math.max(1, detail.location.total || 1);
  // Before a section is laid out foliate can report no position at all (NaN): the start.
  const current = Number.isFinite(detail.location.current) ? detail.location.current : 0;
  const page = atEnd ? total : Math.max(1, Math.min(current + 1, total - 1));
  return { page, totalPages: total, location: cfi, percentage: atEnd ? 100 : percentOf(detail.fraction ?? 0) };
}

export type Navigation =
  | { kind: 'none' }
  | { kind: 'next' }
  | { kind: 'prev' }
  | { kind: 'fraction'; fraction: number }
  | { kind: 'section'; index: number }
  | ({ kind: 'screen' } & ScreenTarget);

/**
 * How to get from the page shown to the one asked for: one step is a page turn (a screen, which may stay within
 * the same location); a jump goes to the location's start (to the book's very end for the last page).
 */
export function navigationTo(
  requested: number,
  shown: number,
  total: number,
  fixedLayout: boolean,
  /** Where a page is when pages are screens (screen-pages.ts). */
  locate?: (page: number) => ScreenTarget,
): Navigation {
  if (requested === shown) return { kind: 'none' };
  if (requested === shown + 1) return { kind: 'next' };
  if (requested === shown - 1) return { kind: 'prev' };
  if (locate && !fixedLayout) return { kind: 'screen', ...locate(Math.min(total, Math.max(1, requested))) };
  return jumpTo(requested, total, fixedLayout);
}

function jumpTo(requested: number, total: number, fixedLayout: boolean): Navigation {
  const page = Math.min(total, Math.max(1, requested));
  if (fixedLayout) return { kind: 'section', index: page - 1 };
  if (page >= total) return { kind: 'fraction', fraction: 1 };
  return { kind: 'fraction', fraction: (page - 1) / total };
}

/** Where to open when there is no saved place: a page's location (foliate's init takes `{ fraction }`). */
export function openingTarget(
  initialLocation: string | null,
  page: number,
  total: number,
  fixedLayout: boolean,
): string | number | { fraction: number } | null {
  if (initialLocation) return initialLocation;
  if (page <= 1) return null;
  const navigation = jumpTo(page, total, fixedLayout);
  if (navigation.kind === 'section') return navigation.index;
  return navigation.kind === 'fraction' ? { fraction: navigation.fraction } : null;
}
