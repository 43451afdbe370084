/**
 * How long each page has been on screen during a reading session (issue 27): what tells a page read from a
 * page jumped over. Pure, with the clock passed in; the session keeps one and asks it at the end.
 */
export interface PageDwell {
  /** The page on screen now and since when (ms), null when none is (not opened yet, or stopped). */
  current: { page: number; since: number } | null;
  /** Milliseconds each page was on screen before the current stretch. */
  ms: ReadonlyMap<number, number>;
}

export const noDwell: PageDwell = { current: null, ms: new Map() };

/** The time so far on the current page, added to its total: the dwell with no page on screen. */
function closed(dwell: PageDwell, now: number): ReadonlyMap<number, number> {
  if (!dwell.current) return dwell.ms;
  const { page, since } = dwell.current;
  const ms = new Map(dwell.ms);
  ms.set(page, (ms.get(page) ?? 0) + Math.max(0, now - since));
  return ms;
}

/** `page` is on screen from `now`; the page before it stops counting. Showing the same page changes nothing. */
export function showPage(dwell: PageDwell, page: number, now: number): PageDwell {
  if (dwell.current?.page === page) return dwell;
  return { current: { page, since: now }, ms: closed(dwell, now) };
}

/** Seconds on screen of each page shown so far (one entry per distinct page). */
export const secondsOnPages = (dwell: PageDwell, now: number): number[] =>
  [...closed(dwell, now).values()].map((ms) => ms / 1000);
