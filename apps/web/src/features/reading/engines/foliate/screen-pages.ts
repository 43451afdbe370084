import type { FoliateSection } from 'foliate-js/view.js';

/** foliate's characters per location (view.js passes 1500 to SectionProgress); a screen's first estimate. */
export const CHARS_PER_LOCATION = 1500;

/*
 * A reflowed book's "page" is a screen (issue 27): each Next moves the count on. foliate's locations (1,500
 * characters) did not: calibre's guide opens with three short sections in one location, so Next stayed on "Page 1"
 * three times, and on a phone a location spans several screens. A section shown is measured (foliate lays it out
 * in whole screens); the others are estimated from their size at the characters a screen held in the sections
 * measured so far. Measurements hold for one layout (screen size, font, zoom, flow): a new layout starts afresh.
 */

type Sized = Pick<FoliateSection, 'size' | 'linear'>;

export interface ScreenPlace {
  /** 1-based. */
  page: number;
  total: number;
}

export interface ScreenTarget {
  index: number;
  /** 0–1 within the section: what foliate's renderer.goTo takes as an anchor. */
  anchor: number;
}

export class ScreenPages {
  readonly #sizes: number[];
  readonly #measured = new Map<number, number>();
  #charsPerScreen = CHARS_PER_LOCATION;

  constructor(sections: readonly Sized[]) {
    // As foliate counts them: sections outside the reading order have no pages.
    this.#sizes = sections.map((s) => (s.linear === 'no' ? 0 : Math.max(0, s.size)));
  }

  /** The layout changed: every screen count is estimated again. */
  reset(): void {
    this.#measured.clear();
    this.#charsPerScreen = CHARS_PER_LOCATION;
  }

  /** Section `index` is laid out in `screens` screens. */
  measure(index: number, screens: number): void {
    if (index < 0 || index >= this.#sizes.length || !(screens >= 1)) return;
    this.#measured.set(index, Math.round(screens));
    let chars = 0;
    let counted = 0;
    for (const [i, n] of this.#measured) {
      // A section of one screen says only that a screen holds at least its text.
      if (n < 2) continue;
      chars += this.#sizes[i]!;
      counted += n;
    }
    if (counted > 0 && chars > 0) this.#charsPerScreen = chars / counted;
  }

  /** Screens of section `index`: measured, else estimated (at least one for a section in the reading order). */
  screensOf(index: number): number {
    const measured = this.#measured.get(index);
    if (measured !== undefined) return measured;
    const size = this.#sizes[index] ?? 0;
    return size === 0 ? 0 : Math.max(1, Math.ceil(size / this.#charsPerScreen));
  }

  get total(): number {
    let total = 0;
    for (let i = 0; i < this.#sizes.length; i += 1) total += this.screensOf(i);
    return Math.max(1, total);
  }

  /** The page of screen `screen` (0-based) of section `index`. */
  at(index: number, screen: number): ScreenPlace {
    let before = 0;
    for (let i = 0; i < index; i += 1) before += this.screensOf(i);
    const screens = Math.max(1, this.screensOf(index));
    const total = Math.max(this.total, before + screens);
    return { page: Math.min(total, before + Math.min(Math.max(0, Math.floor(screen)), screens - 1) + 1), total };
  }

  /** Where page `page` is: its section and the place within it. */
  locate(page: number): ScreenTarget {
    let left = Math.max(1, Math.floor(page)) - 1;
    let last = 0;
    for (let i = 0; i < this.#sizes.length; i += 1) {
      const screens = this.screensOf(i);
      if (screens === 0) continue;
      last = i;
      if (left < screens) return { index: i, anchor: left / screens };
      left -= screens;
    }
    return { index: last, anchor: 1 };
  }
}
