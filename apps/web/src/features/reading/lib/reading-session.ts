import { pagesReadFromDwell, ReaderLimits, type ReadingSessionRequest } from '@bookshelf/contract';
import { noDwell, secondsOnPages, showPage, type PageDwell } from './page-dwell';

/** A reading session in progress (core.md §4): when it started, the page it opened at, and each page's time. */
export interface SessionTracker {
  startTime: number;
  /** null until the document has opened: a file that never showed a page was not read. */
  openingPage: number | null;
  dwell: PageDwell;
}

export const startSession = (now: number, openingPage: number | null = null): SessionTracker => ({
  startTime: now,
  openingPage,
  dwell: openingPage === null ? noDwell : showPage(noDwell, openingPage, now),
});

/** The document shows `page` from `now` (the first page shown is the opening page). */
export const onPage = (session: SessionTracker, page: number, now: number): SessionTracker => ({
  ...session,
  openingPage: session.openingPage ?? page,
  dwell: showPage(session.dwell, page, now),
});

/**
 * The session to save when it ends (§4): seconds spent, and pagesRead = the pages on screen long enough to be
 * read (issue 27, the contract's pagesReadFromDwell): a jump to the end or a skim moves the place, not the
 * count. null when there is nothing to save: the document never opened, or no second and no page went by.
 */
export function endSession(session: SessionTracker, fileId: string, now: number): ReadingSessionRequest | null {
  if (session.openingPage === null) return null;
  const end = Math.max(now, session.startTime);
  const timeSpent = Math.min(ReaderLimits.sessionMaxSeconds, Math.round((end - session.startTime) / 1000));
  const pagesRead = pagesReadFromDwell(secondsOnPages(session.dwell, end), timeSpent);
  if (timeSpent === 0 && pagesRead === 0) return null;
  return {
    fileId,
    startTime: new Date(session.startTime).toISOString(),
    endTime: new Date(end).toISOString(),
    pagesRead,
    timeSpent,
  };
}
