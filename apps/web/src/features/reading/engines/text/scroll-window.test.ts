import { describe, expect, it } from 'vitest';
import { grownDown, grownUp, inWindow, pagesOf, windowAround, WINDOW_MAX, WINDOW_STEP } from './scroll-window';

describe('scroll window', () => {
  it('starts around the page, within the document', () => {
    expect(windowAround(1, 100)).toEqual({ first: 1, last: WINDOW_STEP });
    expect(windowAround(50, 100)).toEqual({ first: 49, last: 49 + WINDOW_STEP });
    expect(windowAround(1, 1)).toEqual({ first: 1, last: 1 });
    expect(pagesOf({ first: 3, last: 5 })).toEqual([3, 4, 5]);
    expect(inWindow({ first: 3, last: 5 }, 6)).toBe(false);
  });

  it('grows both ways and never holds more than WINDOW_MAX pages', () => {
    let range = windowAround(1, 1000);
    for (let i = 0; i < 50; i += 1) range = grownDown(range, 1000);
    expect(range.last - range.first + 1).toBe(WINDOW_MAX);
    expect(range.last).toBe(Math.min(1000, 1 + WINDOW_STEP - 1 + 50 * WINDOW_STEP));
    for (let i = 0; i < 500; i += 1) range = grownUp(range);
    expect(range).toEqual({ first: 1, last: WINDOW_MAX });
    expect(grownDown({ first: 1, last: 3 }, 3)).toEqual({ first: 1, last: 3 });
  });
});
