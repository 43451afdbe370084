import type { SaveFileProgressRequest } from '@bookshelf/contract';
import { pagePercentage, type ReaderState } from './reader-state';

/** What a save sends (core.md §7 POST /api/reading-progress/file); null before the page count is known. */
export function progressBody(fileId: string, state: ReaderState, now: Date): SaveFileProgressRequest | null {
  if (state.totalPages === null) return null;
  const totalPages = state.totalPages;
  const currentPage = Math.min(Math.max(1, state.page), totalPages);
  return {
    fileId,
    currentPage,
    totalPages,
    percentage: state.location !== null ? state.percentage : pagePercentage(currentPage, totalPages),
    location: state.location,
    lastReadAt: now.toISOString(),
    readingPreferences: state.preferences,
  };
}

/** What the server holds after a save, to tell whether anything changed since (lastReadAt aside). */
export function progressKey(
  body: Pick<SaveFileProgressRequest, 'currentPage' | 'location' | 'readingPreferences'>,
): string {
  const p = body.readingPreferences;
  const preferences = p ? [p.zoom, p.theme, p.fontSize, p.fontFamily, p.pageMode] : null;
  return JSON.stringify([body.currentPage, body.location ?? null, preferences]);
}
