import type { CustomPlatform } from '@bookshelf/contract';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export type StoredCustomPlatform = CustomPlatform;

/**
 * A reader's money settings (issue 13): the base currency and display choices of core.md §9, their own
 * platforms, and the share token of their wishlist. One row per user, created on first save.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the reader (or the browser's guess) chose one. */
    baseCurrency: text('base_currency'),
    showMultipleCurrencies: boolean('show_multiple_currencies').notNull().default(true),
    showConversionRates: boolean('show_conversion_rates').notNull().default(true),
    showSymbols: boolean('show_symbols').notNull().default(true),
    showCodes: boolean('show_codes').notNull().default(false),
    customPlatforms: jsonb('custom_platforms').$type<StoredCustomPlatform[]>().notNull().default([]),
    /** Null: the wishlist is private. A new token makes every older link not found. */
    wishlistShareToken: text('wishlist_share_token'),
    /** The reader's IANA time zone (issue 15): streaks and days count in it; null uses the browser's. */
    timeZone: text('time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_preferences_wishlist_token_key').on(t.wishlistShareToken)],
);

export type UserPreferencesRow = typeof userPreferences.$inferSelect;
