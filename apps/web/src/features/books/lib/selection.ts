/**
 * Multi-select over the loaded books (pure): a click toggles one book, a shift-click selects the range from
 * the last clicked book to this one, like a file manager.
 */

export interface SelectionState {
  selected: ReadonlySet<string>;
  /** The id of the book last clicked without shift, where a shift-click range starts. */
  anchor: string | null;
}

export const emptySelection: SelectionState = { selected: new Set(), anchor: null };

export function toggleOne(state: SelectionState, id: string): SelectionState {
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { selected, anchor: id };
}

/**
 * Shift-click: every book between the anchor and `id` (in list order) takes the clicked book's new state, so
 * shift-clicking a selected book clears the range. Without an anchor still in the list it is a plain toggle.
 */
export function selectRange(state: SelectionState, ids: readonly string[], id: string): SelectionState {
  const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
  const to = ids.indexOf(id);
  if (from < 0 || to < 0) return toggleOne(state, id);
  const select = !state.selected.has(id);
  const selected = new Set(state.selected);
  const [start, end] = from <= to ? [from, to] : [to, from];
  for (let i = start; i <= end; i += 1) {
    const rangeId = ids[i];
    if (rangeId === undefined) continue;
    if (select) selected.add(rangeId);
    else selected.delete(rangeId);
  }
  return { selected, anchor: state.anchor };
}

/** Select all loaded, or clear when they all are already. */
export function toggleAll(state: SelectionState, ids: readonly string[]): SelectionState {
  const allSelected = ids.length > 0 && ids.every((id) => state.selected.has(id));
  return { selected: allSelected ? new Set() : new Set(ids), anchor: null };
}

export type NavKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const NAV_KEYS = new Set<string>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
export const isNavKey = (key: string): key is NavKey => NAV_KEYS.has(key);

/**
 * Where the arrow keys move focus among `count` books laid out `columns` per row (1 in the list view):
 * left/right by one, up/down by a row, Home/End to the first/last loaded book, PageUp/PageDown by `pageRows`.
 * Stays put at the edges rather than wrapping.
 */
export function moveIndex(key: NavKey, index: number, count: number, columns: number, pageRows = 5): number {
  if (count <= 0) return -1;
  const cols = Math.max(1, columns);
  const clamp = (value: number) => Math.min(count - 1, Math.max(0, value));
  const current = clamp(index);
  switch (key) {
    case 'ArrowLeft':
      return clamp(current - 1);
    case 'ArrowRight':
      return clamp(current + 1);
    case 'ArrowUp':
      return current - cols >= 0 ? current - cols : current;
    case 'ArrowDown':
      // The last row may be short: moving down from above its gap lands on the last book.
      return current + cols < count
        ? current + cols
        : Math.floor(current / cols) < Math.floor((count - 1) / cols)
          ? count - 1
          : current;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageUp':
      return Math.max(current % cols, current - cols * pageRows);
    case 'PageDown':
      return clamp(current + cols * pageRows);
  }
}
