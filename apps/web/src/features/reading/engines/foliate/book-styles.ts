import type { ReaderFontFamily, ReaderTheme } from '@bookshelf/contract';

/** Page and text colours of the reader's themes (the PDF engine's backgrounds match). */
export const THEME_COLOURS: Record<ReaderTheme, { background: string; text: string; link: string }> = {
  light: { background: '#ffffff', text: '#1f2937', link: '#4338ca' },
  dark: { background: '#111827', text: '#e5e7eb', link: '#a5b4fc' },
  sepia: { background: '#f4ecd8', text: '#5b4636', link: '#8a4b16' },
};

const FONT_STACKS: Record<ReaderFontFamily, string> = {
  serif: 'Georgia, Cambria, "Times New Roman", serif',
  'sans-serif': 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  monospace: 'ui-monospace, Menlo, Consolas, "Liberation Mono", monospace',
};

export interface BookLook {
  theme: ReaderTheme;
  fontSize: number;
  fontFamily: ReaderFontFamily;
  /** Percent: scales the font size. */
  zoom: number;
}

/** The text size a reflowed book is set in: the reader's font size, zoomed. */
export const effectiveFontSize = ({ fontSize, zoom }: Pick<BookLook, 'fontSize' | 'zoom'>) =>
  Math.round(fontSize * (zoom / 100) * 10) / 10;

/**
 * The style sheet foliate puts into each section (--theme-bg-color is what foliate's paginator paints around
 * the page with, read again on every change) of a reflowed book (renderer.setStyles): the reader's theme,
 * size and family win over the book's own; relative sizes in the book (headings in em) follow the size.
 */
export function bookCss(look: BookLook): string {
  const colours = THEME_COLOURS[look.theme];
  const size = effectiveFontSize(look);
  // In dark and sepia, text the book colours itself (often black) would vanish into the page.
  const forceColours =
    look.theme === 'light'
      ? ''
      : `body *:not(a, a *) { color: inherit !important; background-color: transparent !important; }`;
  return `
@namespace epub "http://www.idpf.org/2007/ops";
html { color-scheme: ${look.theme === 'dark' ? 'dark' : 'light'}; --theme-bg-color: ${colours.background}; }
html, body { background: ${colours.background} !important; color: ${colours.text} !important; }
html { font-size: ${size}px !important; }
body { font-size: ${size}px !important; font-family: ${FONT_STACKS[look.fontFamily]} !important; }
body *:not(pre, code, kbd, samp, pre *, code *) { font-family: inherit !important; }
${forceColours}
a:link, a:visited { color: ${colours.link} !important; }
p, li, blockquote, dd { line-height: 1.5; }
pre { white-space: pre-wrap !important; }
aside[epub|type~="footnote"], aside[epub|type~="endnote"], aside[epub|type~="rearnote"] { display: none; }
`;
}
