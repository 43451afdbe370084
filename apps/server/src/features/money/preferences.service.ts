import {
  DEFAULT_DISPLAY_PREFERENCES,
  MoneyLimits,
  MoneyMessages,
  PLATFORMS,
  type CustomPlatform,
  type DisplayCurrency,
  type MoneyPreferences,
  type UpdateMoneyPreferences,
} from '@bookshelf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userPreferences, type StoredCustomPlatform } from '../../db/schema/index.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';

const BUILT_IN = new Set(PLATFORMS.map((p) => p.name.toLowerCase()));

/** A reader's base currency, display choices and own platforms (issue 13); defaults until first saved. */
export function createPreferencesService({ db, rates }: { db: Database; rates: ExchangeRates }) {
  async function customPlatformsOf(userId: string): Promise<StoredCustomPlatform[]> {
    const [row] = await db
      .select({ platforms: userPreferences.customPlatforms })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId));
    return row?.platforms ?? [];
  }

  return {
    async get(userId: string): Promise<MoneyPreferences> {
      const [[row], { source }] = await Promise.all([
        db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
        rates.source(),
      ]);
      return {
        baseCurrency: (row?.baseCurrency as DisplayCurrency | null | undefined) ?? null,
        showMultipleCurrencies: row?.showMultipleCurrencies ?? DEFAULT_DISPLAY_PREFERENCES.showMultipleCurrencies,
        showConversionRates: row?.showConversionRates ?? DEFAULT_DISPLAY_PREFERENCES.showConversionRates,
        showSymbols: row?.showSymbols ?? DEFAULT_DISPLAY_PREFERENCES.showSymbols,
        showCodes: row?.showCodes ?? DEFAULT_DISPLAY_PREFERENCES.showCodes,
        customPlatforms: row?.customPlatforms ?? [],
        ratesSource: source,
      };
    },

    /** Only the settings sent change; one upsert, so two tabs saving at once both land. */
    async update(userId: string, changes: UpdateMoneyPreferences): Promise<MoneyPreferences> {
      await db
        .insert(userPreferences)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: sql`now()` } });
      return this.get(userId);
    },

    /**
     * Adds a platform unless it is there already (core.md §5), built in or the reader's, in any case. The
     * check and the append are one statement on the reader's row, so two saves at once add it once.
     */
    async addPlatform(userId: string, platform: CustomPlatform): Promise<StoredCustomPlatform[]> {
      const name = platform.name.trim();
      if (BUILT_IN.has(name.toLowerCase())) return customPlatformsOf(userId);
      const entry = JSON.stringify([{ name, defaultCurrency: platform.defaultCurrency }]);
      const list = userPreferences.customPlatforms;
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, customPlatforms: [{ name, defaultCurrency: platform.defaultCurrency }] })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: {
            customPlatforms: sql`case
              when exists (select 1 from jsonb_array_elements(${list}) e where lower(e->>'name') = lower(${name})) then ${list}
              when jsonb_array_length(${list}) >= ${MoneyLimits.customPlatformsMax} then ${list}
              else ${list} || ${entry}::jsonb end`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ platforms: list });
      const platforms = row?.platforms ?? [];
      if (!platforms.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
        throw invalidField('body.name', MoneyMessages.platformsFull);
      }
      return platforms;
    },

    async removePlatform(userId: string, name: string): Promise<void> {
      const list = userPreferences.customPlatforms;
      const [row] = await db
        .update(userPreferences)
        .set({
          customPlatforms: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${list}) e where lower(e->>'name') <> lower(${name})), '[]'::jsonb)`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(userPreferences.userId, userId),
            sql`exists (select 1 from jsonb_array_elements(${list}) e where lower(e->>'name') = lower(${name}))`,
          ),
        )
        .returning({ userId: userPreferences.userId });
      if (!row) throw notFound(MoneyMessages.unknownPlatform);
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
