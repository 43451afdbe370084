/**
 * Local storage keys of spec core.md §9 plus the theme preference, in one place so no two features pick the
 * same key by accident.
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  sidebarPreferences: 'sidebar-preferences',
  /** 'true' lets Ctrl/Cmd+Shift+P open the hidden performance dashboard (spec core.md §2). */
  performanceDashboard: 'performance-dashboard',
  /** 'true' shows the debug box (spec core.md §2 "the local storage debug flag"). */
  debug: 'debug',
  /** The base currency and display choices (core.md §9), a copy of the server's for the first paint. */
  currencyPreferences: 'currency-preferences',
  /** The reader's progress and sessions saved while offline, sent when back online (issue 15). */
  readingQueue: 'bookshelf-reading-queue',
} as const;

/*
 * Storage can throw on every call: disabled cookies, Safari private mode, a full quota, a sandboxed frame.
 * A preference that cannot be read or saved is simply not remembered; it must never break the page.
 */

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Returns whether the value was saved. */
export function writeStorage(key: string, value: string): boolean {
  try {
    globalThis.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
