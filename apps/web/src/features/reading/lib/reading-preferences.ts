import { DEFAULT_READING_PREFERENCES, type ReadingPreferences } from '@bookshelf/contract';

/** What checks a value against ReadingPreferencesSchema; passed in, so zod loads with the reader's schemas. */
export interface PreferencesSchema {
  safeParse: (value: unknown) => { success: true; data: ReadingPreferences } | { success: false };
}

export const defaultPreferences = (): ReadingPreferences => ({ ...DEFAULT_READING_PREFERENCES });

/**
 * A file's saved reader preferences (core.md §3: text holding JSON), or null when there are none. Anything
 * that does not parse is ignored with a console warning (§5), and the reader opens with the defaults.
 */
export function parseReadingPreferences(saved: unknown, schema: PreferencesSchema): ReadingPreferences | null {
  if (saved === null || saved === undefined) return null;
  let value: unknown = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved) as unknown;
    } catch {
      console.warn('Ignoring saved reader preferences that are not JSON:', saved);
      return null;
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.warn('Ignoring saved reader preferences that do not parse:', value);
    return null;
  }
  return parsed.data;
}
