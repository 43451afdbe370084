import { useEffect, useRef } from 'react';
import { sendSession } from '../../api/reading-outbox';
import { endSession, openedAt, reachedPage, startSession, type SessionTracker } from '../../lib/reading-session';
import type { ReaderState } from '../../lib/reader-state';
import { useLatest } from '../../lib/use-latest';
import { useReadingSaved } from './use-reading-saved';

/**
 * The reading session (core.md §4): it starts when the reader opens, keeps the highest page reached, and is
 * saved once when the reader closes or the page goes away (a request that outlives the page). Failures are
 * only logged (§7); offline ones are queued. A page restored from the back-forward cache starts a new one.
 */
export function useReadingSession(fileId: string, state: ReaderState) {
  const tracker = useRef<SessionTracker | null>(null);
  const ready = state.phase === 'ready';
  const page = state.page;
  const latestPage = useLatest(ready ? page : null);
  const saved = useReadingSaved();

  useEffect(() => {
    if (!ready || !tracker.current) return;
    tracker.current = reachedPage(openedAt(tracker.current, page), page);
  }, [ready, page]);

  useEffect(() => {
    tracker.current = startSession(Date.now(), latestPage.current);
    const finish = (keepalive: boolean) => {
      const session = tracker.current;
      tracker.current = null;
      const body = session && endSession(session, fileId, Date.now());
      if (!body) return;
      void sendSession(body, { keepalive }).then((result) => {
        if (result === 'sent') saved();
      });
    };
    const onPageHide = () => finish(true);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && !tracker.current) tracker.current = startSession(Date.now(), latestPage.current);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      finish(false);
    };
  }, [fileId, latestPage, saved]);
}
