import { describe, expect, it } from 'vitest';
import {
  canvasOutputScale,
  columnTops,
  CSS_UNITS_PER_POINT,
  MAX_CANVAS_PIXELS,
  pageInView,
  pageScale,
  pagesToKeep,
  rotatedSize,
} from './pdf-layout';

describe('pageScale', () => {
  it('shows a page at its real size at 100% when the reader is wide enough', () => {
    expect(pageScale(612, 2000, 100)).toBeCloseTo(CSS_UNITS_PER_POINT);
    expect(pageScale(612, 2000, 150)).toBeCloseTo(CSS_UNITS_PER_POINT * 1.5);
  });

  it('fits the page to a narrow reader at 100%, and zooms from there', () => {
    expect(pageScale(612, 306, 100)).toBeCloseTo(0.5);
    expect(pageScale(612, 306, 200)).toBeCloseTo(1);
    expect(pageScale(612, 306, 50)).toBeCloseTo(0.25);
  });

  it('falls back to the real size before the reader has a width', () => {
    expect(pageScale(612, 0, 100)).toBeCloseTo(CSS_UNITS_PER_POINT);
  });
});

describe('canvasOutputScale', () => {
  it('uses the screen’s pixel ratio for a page that fits the budget', () => {
    expect(canvasOutputScale(816, 1056, 2)).toBe(2);
    expect(canvasOutputScale(816, 1056, 0)).toBe(1);
  });

  it('lowers the ratio so a zoomed page on a dense screen stays within the pixel budget', () => {
    const ratio = canvasOutputScale(2448, 3168, 3);
    expect(ratio).toBeLessThan(3);
    expect(2448 * ratio * 3168 * ratio).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
    expect(2448 * ratio * 3168 * ratio).toBeGreaterThan(MAX_CANVAS_PIXELS * 0.99);
  });
});

describe('rotatedSize', () => {
  it('swaps the sides at 90 and 270 degrees', () => {
    expect(rotatedSize(612, 792, 0)).toEqual({ width: 612, height: 792 });
    expect(rotatedSize(612, 792, 90)).toEqual({ width: 792, height: 612 });
    expect(rotatedSize(612, 792, 180)).toEqual({ width: 612, height: 792 });
    expect(rotatedSize(612, 792, 270)).toEqual({ width: 792, height: 612 });
  });
});

describe('pagesToKeep', () => {
  it('keeps the page in view and its nearest neighbours, at most the limit', () => {
    expect([...pagesToKeep([8, 9, 10, 11, 12, 13, 14], 11, 5)].sort((a, b) => a - b)).toEqual([9, 10, 11, 12, 13]);
  });

  it('keeps the page in view even when it is not among the near ones yet', () => {
    expect([...pagesToKeep([], 40, 5)]).toEqual([40]);
  });

  it('never grows with the pages scrolled past', () => {
    const near = new Set<number>();
    for (let page = 1; page <= 200; page += 1) {
      near.add(page);
      expect(pagesToKeep(near, page, 5).size).toBeLessThanOrEqual(5);
    }
  });
});

describe('columnTops and pageInView', () => {
  const heights = [1000, 1000, 500, 1000];
  const tops = columnTops(heights, 10);

  it('stacks pages with a gap above each', () => {
    expect(tops).toEqual([10, 1020, 2030, 2540]);
  });

  it('finds the page showing most of itself', () => {
    expect(pageInView(tops, heights, 0, 800)).toBe(1);
    expect(pageInView(tops, heights, 700, 1500)).toBe(2);
    // Page 3 is short: page 4 fills more of this view.
    expect(pageInView(tops, heights, 2000, 2800)).toBe(3);
    expect(pageInView(tops, heights, 2400, 3200)).toBe(4);
  });

  it('takes the first of pages shown equally, and the last at the end of the column', () => {
    expect(pageInView(columnTops([100, 100, 100], 0), [100, 100, 100], 0, 1000)).toBe(1);
    expect(pageInView(tops, heights, 2700, 3550, true)).toBe(4);
  });
});
