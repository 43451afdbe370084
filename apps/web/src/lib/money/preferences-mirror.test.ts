import type { MoneyPreferences } from '@bookshelf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage';
import { effectivePreferences, readMirror, writeMirror } from './preferences-mirror';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const server: MoneyPreferences = {
  baseCurrency: null,
  showMultipleCurrencies: true,
  showConversionRates: false,
  showSymbols: true,
  showCodes: true,
  customPlatforms: [],
  ratesSource: 'fixed',
};

describe('the money preferences mirror', () => {
  it('before the server answers: the stored copy, else the browser language’s guess with the spec defaults', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(effectivePreferences(undefined)).toEqual({
      baseCurrency: 'GBP',
      showMultipleCurrencies: true,
      showConversionRates: true,
      showSymbols: true,
      showCodes: false,
    });
    writeMirror({ ...effectivePreferences(undefined), baseCurrency: 'JPY', showCodes: true });
    expect(effectivePreferences(undefined)).toMatchObject({ baseCurrency: 'JPY', showCodes: true });
  });

  it('once it answered: the server’s choices, its unset base filled from the copy or the guess', () => {
    vi.stubGlobal('navigator', { language: 'de-AT' });
    expect(effectivePreferences(server)).toMatchObject({
      baseCurrency: 'EUR',
      showConversionRates: false,
      showCodes: true,
    });
    expect(effectivePreferences({ ...server, baseCurrency: 'CAD' }).baseCurrency).toBe('CAD');
    vi.stubGlobal('navigator', { language: 'fr' });
    expect(effectivePreferences(server).baseCurrency).toBe('INR');
  });

  it('ignores a stored value that is not one (old, hand-edited or another currency)', () => {
    for (const raw of ['not json', '{"baseCurrency":"XYZ"}', '{"baseCurrency":"USD","showSymbols":"yes"}', 'null']) {
      localStorage.setItem(STORAGE_KEYS.currencyPreferences, raw);
      expect(readMirror()).toBeNull();
    }
  });
});
