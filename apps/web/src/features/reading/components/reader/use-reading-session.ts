import { useEffect, useRef } from 'react';
import { sendSession } from '../../api/reading-outbox';
import { endSession, onPage, startSession, type SessionTracker } from '../../lib/reading-session';
import type { ReaderState } from '../../lib/reader-state';
import { useLatest } from '../../lib/use-latest';
import { useReadingSaved } from './use-reading-saved';

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The reading session (core.md §4): it starts when the reader opens, times each page while it is on screen
 * (only pages shown long enough count as read, issue 27), and is saved once when it ends. A tab in the background is not reading, and a mobile browser may discard it without
 * a pagehide, so hiding the tab ends the session and sends it at once (a request that outlives the page);
 * showing it again starts a new one at the current page. Closing the reader or the page ends it too. Failures
 * are only logged (§7); offline ones are queued by the outbox.
 */
export function useReadingSession(fileId: string, state: ReaderState) {
  const tracker = useRef<SessionTracker | null>(null);
  /** The last session's start: a session is known by its file and start, so no two may share one. */
  const lastStart = useRef(Number.NEGATIVE_INFINITY);
  const ready = state.phase === 'ready';
  const page = state.page;
  const latestPage = useLatest(ready ? page : null);
  const saved = useReadingSaved();

  useEffect(() => {
    if (!ready || !tracker.current) return;
    tracker.current = onPage(tracker.current, page, Date.now());
  }, [ready, page]);

  useEffect(() => {
    const begin = () => {
      if (tracker.current) return;
      const now = Math.max(Date.now(), lastStart.current + 1);
      lastStart.current = now;
      tracker.current = startSession(now, latestPage.current);
    };
    // Taken out before it is sent, so whichever of hide, pagehide and close comes first sends it, and only once.
    const finish = (keepalive: boolean) => {
      const session = tracker.current;
      tracker.current = null;
      const body = session && endSession(session, fileId, Date.now());
      if (!body) return;
      void sendSession(body, { keepalive }).then((result) => {
        if (result === 'sent') saved();
      });
    };
    const onVisibility = () => {
      if (isHidden()) finish(true);
      else begin();
    };
    const onPageHide = () => finish(true);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && !isHidden()) begin();
    };
    if (!isHidden()) begin();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      finish(false);
    };
  }, [fileId, latestPage, saved]);
}
