import { describe, expect, it } from 'vitest';
import { emptySelection, moveIndex, selectRange, toggleAll, toggleOne } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const list = (s: { selected: ReadonlySet<string> }) => [...s.selected].sort();

describe('selection', () => {
  it('toggles one book and remembers it as the anchor', () => {
    const once = toggleOne(emptySelection, 'b');
    expect(list(once)).toEqual(['b']);
    expect(once.anchor).toBe('b');
    expect(list(toggleOne(once, 'b'))).toEqual([]);
  });

  it('shift-click selects the range from the anchor, in either direction', () => {
    expect(list(selectRange(toggleOne(emptySelection, 'b'), ids, 'd'))).toEqual(['b', 'c', 'd']);
    expect(list(selectRange(toggleOne(emptySelection, 'e'), ids, 'c'))).toEqual(['c', 'd', 'e']);
  });

  it('shift-click on a selected book clears the range', () => {
    const all = { selected: new Set(ids), anchor: 'a' };
    expect(list(selectRange(all, ids, 'c'))).toEqual(['d', 'e']);
  });

  it('without an anchor a shift-click is a plain toggle', () => {
    expect(list(selectRange(emptySelection, ids, 'c'))).toEqual(['c']);
  });

  it('select all loaded, and again to clear', () => {
    const all = toggleAll(toggleOne(emptySelection, 'a'), ids);
    expect(list(all)).toEqual(ids);
    expect(list(toggleAll(all, ids))).toEqual([]);
  });
});

describe('arrow keys', () => {
  // 10 books, 4 per row:  0 1 2 3 / 4 5 6 7 / 8 9
  it('moves by one sideways and by a row up and down, stopping at the edges', () => {
    expect(moveIndex('ArrowRight', 0, 10, 4)).toBe(1);
    expect(moveIndex('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(moveIndex('ArrowRight', 9, 10, 4)).toBe(9);
    expect(moveIndex('ArrowDown', 1, 10, 4)).toBe(5);
    expect(moveIndex('ArrowUp', 5, 10, 4)).toBe(1);
    expect(moveIndex('ArrowUp', 2, 10, 4)).toBe(2);
  });

  it('down into a short last row lands on its last book; down from the last row stays', () => {
    expect(moveIndex('ArrowDown', 6, 10, 4)).toBe(9);
    expect(moveIndex('ArrowDown', 9, 10, 4)).toBe(9);
  });

  it('Home and End go to the first and last loaded book; pages move by whole rows', () => {
    expect(moveIndex('Home', 7, 10, 4)).toBe(0);
    expect(moveIndex('End', 1, 10, 4)).toBe(9);
    expect(moveIndex('PageDown', 1, 10, 4, 2)).toBe(9);
    expect(moveIndex('PageUp', 9, 10, 4, 2)).toBe(1);
  });

  it('in the list view up and down move by one book', () => {
    expect(moveIndex('ArrowDown', 3, 10, 1)).toBe(4);
    expect(moveIndex('ArrowUp', 3, 10, 1)).toBe(2);
  });
});
