/** The pages a scrolling text keeps rendered: a window around the one in view, grown as the reader scrolls. */
export interface PageWindow {
  first: number;
  last: number;
}

/** Pages added at a time as the reader nears either end of the window. */
export const WINDOW_STEP = 4;
/** At most this many pages rendered at once (about 12,000 words); pages far behind are dropped. */
export const WINDOW_MAX = 24;

export const windowAround = (page: number, total: number): PageWindow => ({
  first: Math.max(1, page - 1),
  last: Math.min(total, Math.max(1, page + WINDOW_STEP - 1)),
});

export const inWindow = (window: PageWindow, page: number) => page >= window.first && page <= window.last;

/** More pages below; the top is trimmed once the window holds WINDOW_MAX. */
export function grownDown(window: PageWindow, total: number): PageWindow {
  const last = Math.min(total, window.last + WINDOW_STEP);
  return { first: Math.max(window.first, last - WINDOW_MAX + 1), last };
}

/** More pages above; the bottom is trimmed once the window holds WINDOW_MAX. */
export function grownUp(window: PageWindow): PageWindow {
  const first = Math.max(1, window.first - WINDOW_STEP);
  return { first, last: Math.min(window.last, first + WINDOW_MAX - 1) };
}

export const pagesOf = (window: PageWindow): number[] =>
  Array.from({ length: Math.max(0, window.last - window.first + 1) }, (_, i) => window.first + i);
