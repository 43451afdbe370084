import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { userPreferences } from '../../db/schema/index.js';

/** The reader's time zone (user_preferences.time_zone) and what PostgreSQL knows of zone names. */
export function createSettingsRepository(db: Database) {
  return {
    async timeZone(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: userPreferences.timeZone })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row?.timeZone ?? null;
    },

    /** Sets (or with null clears) it; the preferences row is made on first use. */
    async setTimeZone(userId: string, timeZone: string | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { timeZone, updatedAt: sql`now()` } });
    },

    /** The zone's name as PostgreSQL's tz database spells it (names match in any case), or undefined. */
    async zoneName(name: string): Promise<string | undefined> {
      const [row] = rowsOf<{ name: string }>(
        await db.execute(
          sql`select name from pg_timezone_names where lower(name) = lower(${name}) order by name limit 1`,
        ),
      );
      return row?.name;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
