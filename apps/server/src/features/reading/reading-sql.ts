import type { StatsTimeframe } from '@bookshelf/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces every reading query shares. Days are calendar days in the reader's zone, taken by PostgreSQL
 * (`at time zone`), so a day around a DST change is 23 or 25 hours long as it should be.
 */

/** An instant as an ISO 8601 string in UTC with milliseconds, the same from PGlite and postgres.js. */
export const isoOf = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The calendar day (a date) an instant falls on in the zone. */
export const localDayOf = (instant: SQL, timeZone: string) => sql`(${instant} at time zone ${timeZone}::text)::date`;

/** The first instant of a calendar day (a date expression) in the zone. */
export const startOfDay = (day: SQL, timeZone: string) => sql`((${day})::timestamp at time zone ${timeZone}::text)`;

const UNITS = { week: 'week', month: 'month', year: 'year' } as const;

/**
 * Where a timeframe starts: this calendar week (from Monday 00:00, ISO), month or year in the reader's zone at
 * `now`; undefined for `all`.
 */
export function periodStart(timeframe: StatsTimeframe, timeZone: string, now: Date): SQL | undefined {
  if (timeframe === 'all') return undefined;
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone}::text)`;
  return sql`(date_trunc(${UNITS[timeframe]}::text, ${local}) at time zone ${timeZone}::text)`;
}
