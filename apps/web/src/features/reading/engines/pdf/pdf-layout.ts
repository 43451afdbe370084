/*
 * The PDF engine's arithmetic, apart from pdf.js and the DOM: page scale, canvas resolution, which pages keep a
 * canvas in scroll mode, and which page is in view.
 */

/** CSS pixels per PDF point at a page's real size (pdf.js's PDF_TO_CSS_UNITS: 96 dpi over 72 points). */
export const CSS_UNITS_PER_POINT = 96 / 72;

/**
 * A canvas holds 4 bytes per pixel: 16.7 M pixels (64 MB) is the most one page may take, however far it is
 * zoomed on however dense a screen (pdf.js's viewer allows twice that on desktops).
 */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

/** Gap between pages, and above the first and below the last, in scroll mode (px; the CSS uses the same). */
export const PAGE_GAP = 12;

/** Canvases kept alive in scroll mode: the page in view and its nearest neighbours. */
export const MAX_LIVE_PAGES = 5;

/**
 * CSS pixels per PDF point. At 100% the page's width fits the reader, never larger than its real size; zoom
 * (percent) scales from there. `pageWidth` is in points, already turned by any rotation.
 */
export function pageScale(pageWidth: number, availableWidth: number, zoom: number): number {
  const fit = availableWidth > 0 && pageWidth > 0 ? availableWidth / pageWidth : CSS_UNITS_PER_POINT;
  return Math.min(CSS_UNITS_PER_POINT, fit) * (zoom / 100);
}

/**
 * Device pixels per CSS pixel for a page's canvas: the screen's ratio, lowered just enough that the canvas stays
 * within `maxPixels` (a 300% page on a 3× phone would otherwise need hundreds of megabytes).
 */
export function canvasOutputScale(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  maxPixels = MAX_CANVAS_PIXELS,
): number {
  const ratio = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  const area = cssWidth * cssHeight * ratio * ratio;
  if (!(area > maxPixels)) return ratio;
  return Math.sqrt(maxPixels / (cssWidth * cssHeight));
}

/** A page's box once turned by `rotation` degrees (0, 90, 180 or 270). */
export function rotatedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  return rotation % 180 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * Which pages keep a canvas: of the pages near the viewport, the page in view and those closest to it, at most
 * `max`. Everything else gives its canvas back, so paging through a long document never piles canvases up.
 */
export function pagesToKeep(near: Iterable<number>, current: number, max = MAX_LIVE_PAGES): Set<number> {
  const candidates = new Set(near);
  candidates.add(current);
  const ordered = [...candidates].sort((a, b) => Math.abs(a - current) - Math.abs(b - current) || a - b);
  return new Set(ordered.slice(0, Math.max(1, max)));
}

/** The top of each page (px from the column's top) when pages of these heights stand in a column with gaps. */
export function columnTops(heights: readonly number[], gap = PAGE_GAP): number[] {
  const tops: number[] = [];
  let y = gap;
  for (const height of heights) {
    tops.push(y);
    y += height + gap;
  }
  return tops;
}

/**
 * The page in view (1-based): the one showing most of itself between `viewTop` and `viewBottom`, the first of
 * equals; the last page once the column is scrolled to its end (it may never fill the most of the view).
 */
export function pageInView(
  tops: readonly number[],
  heights: readonly number[],
  viewTop: number,
  viewBottom: number,
  scrolledToEnd = false,
): number {
  const count = tops.length;
  if (count === 0) return 1;
  if (scrolledToEnd) return count;
  // The first page whose bottom is below the view's top.
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (tops[mid]! + heights[mid]! <= viewTop) low = mid + 1;
    else high = mid;
  }
  let best = low;
  let bestShown = -1;
  for (let i = low; i < count && tops[i]! < viewBottom; i += 1) {
    const shown = Math.min(viewBottom, tops[i]! + heights[i]!) - Math.max(viewTop, tops[i]!);
    if (shown > bestShown) {
      best = i;
      bestShown = shown;
    }
  }
  return best + 1;
}
