import { ReadingPreferencesSchema } from '@bookshelf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseReadingPreferences } from './reading-preferences';

const good = { zoom: 125, theme: 'dark', fontSize: 18, fontFamily: 'sans-serif', pageMode: 'scroll' };

afterEach(() => vi.restoreAllMocks());

describe('parseReadingPreferences', () => {
  it('takes saved preferences as an object or as JSON text', () => {
    expect(parseReadingPreferences(good, ReadingPreferencesSchema)).toEqual(good);
    expect(parseReadingPreferences(JSON.stringify(good), ReadingPreferencesSchema)).toEqual(good);
  });

  it('has none to take when nothing was saved, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseReadingPreferences(null, ReadingPreferencesSchema)).toBeNull();
    expect(parseReadingPreferences(undefined, ReadingPreferencesSchema)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores unparseable preferences with a console warning (core.md §5)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseReadingPreferences('{not json', ReadingPreferencesSchema)).toBeNull();
    expect(parseReadingPreferences({ ...good, zoom: 999 }, ReadingPreferencesSchema)).toBeNull();
    expect(parseReadingPreferences({ ...good, theme: 'neon' }, ReadingPreferencesSchema)).toBeNull();
    expect(parseReadingPreferences(42, ReadingPreferencesSchema)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(4);
  });
});
