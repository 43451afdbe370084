/**
 * Money's paths, limits, messages and defaults (issue 13), without zod: the dashboard and the price label
 * import these, and their first download must not carry the schemas (money.ts).
 */

export const MoneyPaths = {
  preferences: '/api/money/preferences',
  platforms: '/api/money/platforms',
  platform: '/api/money/platforms/{name}',
  rates: '/api/money/rates',
} as const;

export const MoneyLimits = {
  customPlatformsMax: 50,
  platformNameMax: 200,
} as const;

export const MoneyMessages = {
  platformsFull: `You can keep at most ${MoneyLimits.customPlatformsMax} platforms of your own.`,
  platformName: 'Enter the platform name.',
  unknownPlatform: 'No platform of yours has that name.',
  /** The tooltip's last line (core.md §9). */
  convertedTo: (code: string) => `Converted to your base currency (${code})`,
} as const;

/** `ecb`: the European Central Bank's reference rates of a day (FX_RATES_URL); `fixed`: core.md §9's tables. */
export const RATE_SOURCES = ['ecb', 'fixed'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** core.md §9's display defaults. */
export const DEFAULT_DISPLAY_PREFERENCES = {
  showMultipleCurrencies: true,
  showConversionRates: true,
  showSymbols: true,
  showCodes: false,
};
