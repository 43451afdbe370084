import { ReaderLimits, type ReadingSessionRequest } from '@bookshelf/contract';

/** A reading session in progress (core.md §4): when it started, the page it opened at and the highest reached. */
export interface SessionTracker {
  startTime: number;
  /** null until the document has opened: a file that never showed a page was not read. */
  openingPage: number | null;
  highestPage: number;
}

export const startSession = (now: number, openingPage: number | null = null): SessionTracker => ({
  startTime: now,
  openingPage,
  highestPage: openingPage ?? 0,
});

/** The document opened at `page` (only the first call counts). */
export const openedAt = (session: SessionTracker, page: number): SessionTracker =>
  session.openingPage === null
    ? { ...session, openingPage: page, highestPage: Math.max(session.highestPage, page) }
    : session;

/** Progress keeps the highest page (§4). */
export const reachedPage = (session: SessionTracker, page: number): SessionTracker =>
  session.openingPage === null || page <= session.highestPage ? session : { ...session, highestPage: page };

/**
 * The session to save when it ends (§4): seconds spent and pagesRead = highest page reached minus the opening
 * page. null when there is nothing to save: the document never opened, or no second and no page went by.
 */
export function endSession(session: SessionTracker, fileId: string, now: number): ReadingSessionRequest | null {
  if (session.openingPage === null) return null;
  const end = Math.max(now, session.startTime);
  const timeSpent = Math.min(ReaderLimits.sessionMaxSeconds, Math.round((end - session.startTime) / 1000));
  const pagesRead = Math.max(0, session.highestPage - session.openingPage);
  if (timeSpent === 0 && pagesRead === 0) return null;
  return {
    fileId,
    startTime: new Date(session.startTime).toISOString(),
    endTime: new Date(end).toISOString(),
    pagesRead,
    timeSpent,
  };
}
