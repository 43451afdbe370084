import { ReaderLimits } from '@bookshelf/contract';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { sendProgress } from '../../api/reading-outbox';
import { progressBody, progressKey } from '../../lib/progress-body';
import { defaultPreferences } from '../../lib/reading-preferences';
import type { ReaderState } from '../../lib/reader-state';
import type { ResumePoint } from '../../lib/resume-point';
import { useLatest } from '../../lib/use-latest';
import { useReadingSaved } from './use-reading-saved';

/** core.md §8 "Cloud store errors": save reading progress. */
export const SAVE_PROGRESS_FAILED = 'Failed to save reading progress';

type SaveReason = 'autosave' | 'hidden' | 'close';

/**
 * Saves the reader's place and preferences (core.md §4) when something changed: every 30 s, when the tab is
 * hidden (a request that outlives the page), and on close. Offline saves are queued by the outbox; any other
 * failure raises one dismissible toast until a save succeeds again.
 */
export function useProgressAutosave(fileId: string, state: ReaderState, opening: ResumePoint | null) {
  const latest = useLatest(state);
  const saved = useReadingSaved();
  /** What the server holds, to skip saves that change nothing. */
  const savedKey = useRef<string | null>(null);
  const failureShown = useRef(false);

  // The place the file opened at is what the server already has (or, when it could not be fetched, what it may
  // have: page 1 must not be written over it unless the reader moves). Without saved preferences the reader
  // shows the defaults, which are no change either.
  useEffect(() => {
    if (opening)
      savedKey.current = progressKey({
        currentPage: opening.page,
        location: opening.location,
        readingPreferences: opening.preferences ?? defaultPreferences(),
      });
  }, [opening]);

  useEffect(() => {
    async function save(reason: SaveReason) {
      const body = progressBody(fileId, latest.current, new Date());
      if (!body) return;
      const key = progressKey(body);
      if (key === savedKey.current) return;
      const before = savedKey.current;
      savedKey.current = key;
      try {
        const result = await sendProgress(body, { keepalive: reason !== 'autosave' });
        failureShown.current = false;
        if (result === 'sent') saved();
      } catch (error) {
        if (savedKey.current === key) savedKey.current = before;
        if (failureShown.current) return;
        failureShown.current = true;
        toast.error(SAVE_PROGRESS_FAILED, errorMessage(error));
      }
    }

    const timer = setInterval(() => void save('autosave'), ReaderLimits.autosaveMs);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void save('hidden');
    };
    // pagehide covers a tab closed or navigated away, where visibilitychange may not come.
    const onPageHide = () => void save('hidden');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      void save('close');
    };
  }, [fileId, latest, saved]);
}
