import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScreenPages } from './screen-pages';

describe('ScreenPages', () => {
  it('gives each of calibre’s short opening sections a page of its own, so Next moves the count', () => {
    // The title page, the inner title page and the table of contents: one location between them.
    const pages = new ScreenPages([{ size: 641 }, { size: 670 }, { size: 2336 }, { size: 2203 }]);
    expect(pages.at(0, 0)).toEqual({ page: 1, total: 6 });
    expect(pages.at(1, 0).page).toBe(2);
    expect(pages.at(2, 0).page).toBe(3);
    expect(pages.at(2, 1).page).toBe(4);
  });

  it('counts a section shown by its screens and the others by the characters a screen held', () => {
    const pages = new ScreenPages([{ size: 9000 }, { size: 9000 }, { size: 100, linear: 'no' }, { size: 4500 }]);
    pages.measure(0, 6);
    // 1,500 characters a screen: 6 + 6 + 0 + 3.
    expect(pages.total).toBe(15);
    expect(pages.at(1, 0).page).toBe(7);
    pages.measure(1, 9);
    // Now 18,000 characters in 15 screens: 1,200 a screen, so the last section is ceil(4500 / 1200) = 4.
    expect(pages.total).toBe(6 + 9 + 4);
    pages.reset();
    expect(pages.total).toBe(6 + 6 + 3);
  });

  it('finds the section and place of a page, the inverse of at()', () => {
    const pages = new ScreenPages([{ size: 3000 }, { size: 0 }, { size: 6000 }]);
    expect(pages.locate(1)).toEqual({ index: 0, anchor: 0 });
    expect(pages.locate(2)).toEqual({ index: 0, anchor: 0.5 });
    expect(pages.locate(3)).toEqual({ index: 2, anchor: 0 });
    expect(pages.locate(99)).toEqual({ index: 2, anchor: 1 });
  });

  it('moves by one page for every next screen through the whole book, whatever was measured', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 12 }),
        (sizes, measured) => {
          const pages = new ScreenPages(sizes.map((size) => ({ size })));
          measured.forEach((screens, i) => pages.measure(i % sizes.length, screens));
          let expected = 1;
          for (let index = 0; index < sizes.length; index += 1) {
            for (let screen = 0; screen < pages.screensOf(index); screen += 1) {
              const place = pages.at(index, screen);
              if (place.page !== expected || place.total !== pages.total) return false;
              const target = pages.locate(place.page);
              if (target.index !== index || Math.abs(target.anchor - screen / pages.screensOf(index)) > 1e-9)
                return false;
              expected += 1;
            }
          }
          return expected - 1 === pages.total;
        },
      ),
    );
  });
});
