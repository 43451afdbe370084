import type { ReaderFontFamily, ReaderTheme } from '@bookshelf/contract';

/** The reading surface in each reader theme (core.md §2): text and background with a contrast of at least 7:1. */
export const READER_THEME_COLOURS: Record<ReaderTheme, { background: string; color: string }> = {
  light: { background: '#ffffff', color: '#1f2937' },
  dark: { background: '#111827', color: '#e5e7eb' },
  sepia: { background: '#f4ecd8', color: '#5b4636' },
};

export const READER_FONT_STACKS: Record<ReaderFontFamily, string> = {
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  'sans-serif': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  monospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
};

export const THEME_LABELS: Record<ReaderTheme, string> = { light: 'Light', dark: 'Dark', sepia: 'Sepia' };
export const FONT_FAMILY_LABELS: Record<ReaderFontFamily, string> = {
  serif: 'Serif',
  'sans-serif': 'Sans-serif',
  monospace: 'Monospace',
};
