import type { CloudFile } from '@bookshelf/contract';
import { useCallback, useState, type MouseEvent } from 'react';

/**
 * The browser's selection (core.md §2): a click selects one file, Ctrl/Cmd-click toggles one, Shift-click
 * selects the range from the last clicked file, as in a file manager.
 */
export function useFileSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchor, setAnchor] = useState<string | null>(null);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    setAnchor(id);
  }, []);

  const click = useCallback(
    (file: CloudFile, shown: readonly CloudFile[], event: MouseEvent<HTMLElement>) => {
      if (event.ctrlKey || event.metaKey) {
        toggle(file.id);
        return;
      }
      const from = anchor === null ? -1 : shown.findIndex((f) => f.id === anchor);
      const to = shown.findIndex((f) => f.id === file.id);
      if (event.shiftKey && from >= 0 && to >= 0) {
        const [start, end] = from <= to ? [from, to] : [to, from];
        setSelected(new Set(shown.slice(start, end + 1).map((f) => f.id)));
        return;
      }
      setSelected(new Set([file.id]));
      setAnchor(file.id);
    },
    [anchor, toggle],
  );

  const clear = useCallback(() => {
    setSelected(new Set());
    setAnchor(null);
  }, []);

  /** Select every shown file, or none when they all are already. */
  const toggleAll = useCallback((shown: readonly CloudFile[]) => {
    setSelected((current) =>
      shown.length > 0 && shown.every((f) => current.has(f.id)) ? new Set() : new Set(shown.map((f) => f.id)),
    );
    setAnchor(null);
  }, []);

  return { selected, click, toggle, clear, toggleAll };
}
