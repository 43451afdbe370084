import { useEffect, type RefObject } from 'react';
import { readerKeyAction, type ReaderKeyAction } from '../../lib/reader-keys';
import { useLatest } from '../../lib/use-latest';

/**
 * The reader's keys (core.md §2), on the whole document so they work wherever focus is in the reader. Keys
 * typed into a field, or pressed in another dialog over the reader, are not the reader's.
 */
export function useReaderKeys(
  overlay: RefObject<HTMLElement | null>,
  enabled: boolean,
  onAction: (action: ReaderKeyAction) => boolean,
) {
  const latest = useLatest({ enabled, onAction });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!latest.current.enabled || event.defaultPrevented) return;
      const target = event.target;
      if (target instanceof Element) {
        const dialog = target.closest('[role="dialog"], [role="alertdialog"]');
        if (dialog && dialog !== overlay.current) return;
      }
      const action = readerKeyAction(event);
      if (action && latest.current.onAction(action)) event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [latest, overlay]);
}
