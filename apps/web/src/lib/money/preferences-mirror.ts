import {
  DEFAULT_DISPLAY_PREFERENCES,
  guessBaseCurrency,
  isDisplayCurrency,
  type DisplayCurrency,
  type DisplayPreferences,
  type MoneyPreferences,
} from '@bookshelf/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';

/** What the browser keeps of the server's money settings: enough to show amounts right before it answers. */
export interface MirroredPreferences extends DisplayPreferences {
  baseCurrency: DisplayCurrency;
}

const FLAGS = ['showMultipleCurrencies', 'showConversionRates', 'showSymbols', 'showCodes'] as const;

/** The browser's language region (core.md §9), INR when it names none the app knows. */
export const browserGuess = (): DisplayCurrency =>
  guessBaseCurrency(typeof navigator === 'undefined' ? undefined : navigator.language);

/** The stored copy, or null when there is none or it is not one (an old or hand-edited value is ignored). */
export function readMirror(): MirroredPreferences | null {
  const raw = readStorage(STORAGE_KEYS.currencyPreferences);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.baseCurrency !== 'string' || !isDisplayCurrency(value.baseCurrency)) return null;
    if (!FLAGS.every((flag) => typeof value[flag] === 'boolean')) return null;
    return value as unknown as MirroredPreferences;
  } catch {
    return null;
  }
}

export function writeMirror(preferences: MirroredPreferences): void {
  const { baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes } = preferences;
  writeStorage(
    STORAGE_KEYS.currencyPreferences,
    JSON.stringify({ baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes }),
  );
}

/**
 * Forgets the copy at sign-out: the next reader on this browser is a new one, whose base currency is their
 * own (or their browser's guess), never the last reader's (issue 27: the copy settles the base currency).
 */
export function clearMirror(): void {
  try {
    globalThis.localStorage.removeItem(STORAGE_KEYS.currencyPreferences);
  } catch {
    // storage may be unavailable; there is no copy to forget then
  }
}

/** The preferences in force: the server's once it answered (its unset base replaced by the guess). */
export function effectivePreferences(server: MoneyPreferences | undefined): MirroredPreferences {
  if (server) {
    const { baseCurrency, showMultipleCurrencies, showConversionRates, showSymbols, showCodes } = server;
    return {
      baseCurrency: baseCurrency ?? readMirror()?.baseCurrency ?? browserGuess(),
      showMultipleCurrencies,
      showConversionRates,
      showSymbols,
      showCodes,
    };
  }
  return readMirror() ?? { baseCurrency: browserGuess(), ...DEFAULT_DISPLAY_PREFERENCES };
}
