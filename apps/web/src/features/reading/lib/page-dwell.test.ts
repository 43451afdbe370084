import { describe, expect, it } from 'vitest';
import { noDwell, secondsOnPages, showPage } from './page-dwell';

describe('page dwell', () => {
  it('adds up each page’s time on screen, a page shown twice once with both stretches', () => {
    let dwell = showPage(noDwell, 1, 0);
    dwell = showPage(dwell, 2, 4_000);
    dwell = showPage(dwell, 2, 5_000); // the same page again: still one stretch
    dwell = showPage(dwell, 1, 10_000);
    expect(secondsOnPages(dwell, 12_500).sort()).toEqual([6, 6.5]);
  });

  it('counts nothing before a page is shown, and never runs backwards', () => {
    expect(secondsOnPages(noDwell, 10_000)).toEqual([]);
    expect(secondsOnPages(showPage(noDwell, 3, 10_000), 9_000)).toEqual([0]);
  });
});
