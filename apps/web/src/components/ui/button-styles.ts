/** Shared looks for buttons, so header, cards and pages stay consistent in both themes. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

export const iconButton = `inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-gray-600 transition-colors hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-gray-100 ${focusRing}`;

/** Without padding, for buttons that size themselves (an icon-only form on phones, say). */
export const primaryButtonBase = `inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 text-sm font-medium text-white shadow-sm transition-colors hover:bg-indigo-500 disabled:opacity-60 dark:bg-indigo-500 dark:hover:bg-indigo-400 ${focusRing}`;

export const primaryButton = `${primaryButtonBase} px-4 py-2`;

// A disabled one must look it (issue 27: a disabled Add More Images looked like it would work).
export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-900 transition-colors hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:disabled:hover:bg-gray-900 ${focusRing}`;
