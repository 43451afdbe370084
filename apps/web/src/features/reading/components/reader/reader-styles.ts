import type { ReaderTheme } from '@bookshelf/contract';
import { focusRing } from '../../../../components/ui/button-styles';

/** The reader's tool buttons' look without their size: quiet, disabled looking disabled, light and dark. */
export const toolBase = `inline-flex shrink-0 items-center justify-center rounded-lg text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 aria-expanded:bg-indigo-50 aria-expanded:text-indigo-700 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-white dark:aria-pressed:bg-indigo-950 dark:aria-pressed:text-indigo-200 dark:aria-expanded:bg-indigo-950 dark:aria-expanded:text-indigo-200 ${focusRing}`;

/** Icon-sized: 32 px on phones, so the header's tools fit two rows at 375 px, 36 px from small screens up. */
export const toolButton = `${toolBase} size-8 sm:size-9`;

/** Previous and Next: a word beside the arrow from small screens up. */
export const stepButton = `inline-flex h-9 items-center justify-center gap-1 rounded-lg border border-gray-300 bg-white px-2 text-sm font-medium text-gray-900 transition-colors hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40 sm:px-3 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 ${focusRing}`;

/**
 * The chrome around the page, in the reader's theme (issue 27: the header and footer stayed white in dark and
 * sepia). The overlay carries `dark` or `light` for its theme, so the `dark:` looks follow the reader, not the app.
 */
export const barClass =
  'border-gray-200 bg-white text-gray-900 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100 in-data-[reader-theme=sepia]:border-[#e0d2b0] in-data-[reader-theme=sepia]:bg-[#efe4c8] in-data-[reader-theme=sepia]:text-[#3f2f22]';

/** The overlay in the reader's theme: `dark` or `light` scopes the `dark:` looks inside it. */
export const overlayThemeClass = (theme: ReaderTheme) =>
  theme === 'dark'
    ? 'dark bg-gray-950 text-gray-100'
    : theme === 'sepia'
      ? 'light bg-[#f4ecd8] text-[#3f2f22]'
      : 'light bg-gray-50 text-gray-900';
