/**
 * The forms' shared looks (sign-in dialog, auth pages, settings), so every input and button reads the same in
 * light and dark mode. Width is the caller's: add `w-full` where a button spans its form.
 */
const fieldClass =
  'block rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

export const inputClass = `${fieldClass} w-full`;

/**
 * As tall as an input: a text line (1.25rem), the padding (1rem) and the border. Chromium sets a select's text
 * without the line height, so a select with the input's padding alone stands 2 px shorter.
 */
const selectHeight = 'h-[calc(2.25rem+2px)]';

export const selectClass = `${fieldClass} ${selectHeight} w-full`;

/** A select as wide as its longest option, for a lone control beside its label (Book Details' status). */
export const compactSelectClass = `${fieldClass} ${selectHeight} w-auto max-w-full`;

/** A checkbox in the app's accent instead of the system's blue. */
export const checkboxClass =
  'size-4 shrink-0 cursor-pointer rounded accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:accent-indigo-400';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-indigo-500 dark:hover:bg-indigo-400';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';

export const linkButtonClass =
  'rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-indigo-400';

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-60';

export const smallButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';
