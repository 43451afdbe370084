/**
 * When each file was last opened, kept in localStorage so prefetch scores (lib/prefetch.ts) survive a
 * reload. Only ids and times; at most the 200 latest, so it never grows without end.
 */
const KEY = 'bookshelf-file-access';
const MAX_ENTRIES = 200;

function read(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

export function recordFileAccess(fileId: string, at: number = Date.now()): void {
  const entries = Object.entries({ ...read(), [fileId]: at })
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_ENTRIES);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or refused: prefetch just knows less.
  }
}

export const fileAccessTimes = (): Map<string, number> => new Map(Object.entries(read()));

export function clearFileAccessLog(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
