import { readStorage, writeStorage } from '../../../lib/storage';

/** Grid or list; remembered on this device. */
export type LibraryView = 'grid' | 'list';

/** Local storage key of the library's view mode (kept beside the feature; lib/storage.ts lists the spec's keys). */
export const LIBRARY_VIEW_KEY = 'library-view';

export function readLibraryView(): LibraryView {
  return readStorage(LIBRARY_VIEW_KEY) === 'list' ? 'list' : 'grid';
}

export function saveLibraryView(view: LibraryView): void {
  writeStorage(LIBRARY_VIEW_KEY, view);
}

/** How many grid columns fit: cards are at least `minCard` wide with `gap` between them. */
export function gridColumns(width: number, minCard = 152, gap = 16, fallback = 4): number {
  if (!Number.isFinite(width) || width <= 0) return fallback;
  return Math.max(1, Math.min(8, Math.floor((width + gap) / (minCard + gap))));
}
