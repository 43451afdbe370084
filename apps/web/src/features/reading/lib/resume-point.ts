import type { FileProgress, ReadingPreferences, SaveFileProgressRequest } from '@bookshelf/contract';

/** Where the reader opens a file: its saved page, exact place and preferences. */
export interface ResumePoint {
  page: number;
  location: string | null;
  preferences: ReadingPreferences | null;
}

const time = (iso: string | null | undefined) => Date.parse(iso ?? '') || 0;

/**
 * The newer of the server's progress and one still queued from an offline save (the server has not seen it
 * yet, or saw it just now); page 1 with the default preferences when there is neither.
 */
export function resumePoint(saved: FileProgress | null, queued: SaveFileProgressRequest | null): ResumePoint {
  const useQueued = queued !== null && (saved === null || time(queued.lastReadAt) > time(saved.lastReadAt));
  if (useQueued) {
    return {
      page: queued.currentPage,
      location: queued.location ?? null,
      preferences: queued.readingPreferences ?? saved?.readingPreferences ?? null,
    };
  }
  if (saved) return { page: saved.currentPage, location: saved.location, preferences: saved.readingPreferences };
  return { page: 1, location: null, preferences: null };
}
