import { z } from 'zod/mini';
import { dateInput, textInput } from './wire-values.js';
import { BOOK_CURRENCIES, DISPLAY_CURRENCIES } from './currency.js';
import { MoneyLimits, MoneyMessages, RATE_SOURCES } from './money-rules.js';

/**
 * A reader's money settings and the exchange rates on the wire (issue 13). The base currency and the
 * display choices of core.md §9 live on the server and are mirrored in the browser's storage, so a page
 * shows amounts the reader's way before the first answer arrives.
 */

export const DisplayCurrencySchema = z.enum(DISPLAY_CURRENCIES);

export const CustomPlatformSchema = z.object({
  name: textInput().check(
    z.trim(),
    z.minLength(1, MoneyMessages.platformName),
    z.maxLength(
      MoneyLimits.platformNameMax,
      `Platform name must be at most ${MoneyLimits.platformNameMax} characters.`,
    ),
  ),
  defaultCurrency: z.enum(BOOK_CURRENCIES),
});
export type CustomPlatform = z.infer<typeof CustomPlatformSchema>;

export const DisplayPreferencesSchema = z.object({
  showMultipleCurrencies: z.boolean(),
  showConversionRates: z.boolean(),
  showSymbols: z.boolean(),
  showCodes: z.boolean(),
});
export type DisplayPreferences = z.infer<typeof DisplayPreferencesSchema>;

export const MoneyPreferencesSchema = z.object({
  ...DisplayPreferencesSchema.shape,
  /** Null until chosen: the browser then guesses it from its language (guessBaseCurrency). */
  baseCurrency: z.nullable(DisplayCurrencySchema),
  /** The reader's own platforms, listed before the built-in ones. */
  customPlatforms: z.array(CustomPlatformSchema),
  /** Where this instance's rates come from. */
  ratesSource: z.enum(RATE_SOURCES),
});
export type MoneyPreferences = z.infer<typeof MoneyPreferencesSchema>;

export const UpdateMoneyPreferencesSchema = z
  .object({
    baseCurrency: z.optional(DisplayCurrencySchema),
    showMultipleCurrencies: z.optional(z.boolean()),
    showConversionRates: z.optional(z.boolean()),
    showSymbols: z.optional(z.boolean()),
    showCodes: z.optional(z.boolean()),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'Send at least one setting to change.'));
export type UpdateMoneyPreferences = z.infer<typeof UpdateMoneyPreferencesSchema>;

export const PlatformParamsSchema = z.object({
  name: textInput().check(z.minLength(1), z.maxLength(MoneyLimits.platformNameMax)),
});

export const RatesQuerySchema = z.object({
  base: DisplayCurrencySchema,
  /** The rates in force on that day (the latest published on or before it); today when absent. */
  date: z.optional(dateInput('Date', 'day')),
});

/** How many units of `base` one unit of each display currency is worth on `date`. */
export const RatesSchema = z.object({
  base: DisplayCurrencySchema,
  source: z.enum(RATE_SOURCES),
  /** The publication day of the rates used; null for the fixed tables. */
  date: z.nullable(z.string()),
  rates: z.record(DisplayCurrencySchema, z.number()),
});
export type Rates = z.infer<typeof RatesSchema>;

export const CustomPlatformListSchema = z.object({ customPlatforms: z.array(CustomPlatformSchema) });
