import { describe, expect, it } from 'vitest';
import { bookCss, effectiveFontSize, THEME_COLOURS } from './book-styles';

describe('bookCss', () => {
  it('sets the reader’s size, family and theme over the book’s own', () => {
    const css = bookCss({ theme: 'sepia', fontSize: 20, fontFamily: 'sans-serif', zoom: 150 });
    expect(css).toContain('font-size: 30px !important');
    expect(css).toContain('system-ui');
    expect(css).toContain(`--theme-bg-color: ${THEME_COLOURS.sepia.background}`);
    expect(css).toContain(`color: ${THEME_COLOURS.sepia.text} !important`);
  });

  it('lets a light page keep the book’s own colours', () => {
    expect(bookCss({ theme: 'light', fontSize: 16, fontFamily: 'serif', zoom: 100 })).not.toContain('color: inherit');
    expect(bookCss({ theme: 'dark', fontSize: 16, fontFamily: 'serif', zoom: 100 })).toContain('color: inherit');
  });

  it('scales the font with the zoom', () => {
    expect(effectiveFontSize({ fontSize: 16, zoom: 125 })).toBe(20);
    expect(effectiveFontSize({ fontSize: 15, zoom: 50 })).toBe(7.5);
  });
});
