import { date, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The European Central Bank's daily reference rates (issue 13, FX_RATES_URL): units of `currency` for one
 * euro on `day`. Empty without FX_RATES_URL; then conversions use the contract's fixed tables.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    perEuro: numeric('per_euro', { precision: 18, scale: 6 }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The latest published day (which rates are in force) is asked on every conversion: an index answers it.
  (t) => [primaryKey({ columns: [t.currency, t.day] }), index('fx_rates_day_idx').on(t.day)],
);
