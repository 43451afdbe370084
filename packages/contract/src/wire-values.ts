import { z } from 'zod/mini';

/**
 * The one text schema and the one date schema that every string and date coming in over the wire is built
 * on, so that no input reaches the database that it cannot store: PostgreSQL's text and jsonb hold no NUL
 * character, UTF-8 cannot encode a lone UTF-16 surrogate (postgres.js would quietly store U+FFFD, jsonb
 * refuses the escape), and timestamptz has no year 0000.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * Dates run from 1000-01-01 to 9999-12-31 (an instant counted in UTC): every date with a four-digit year.
 * PostgreSQL has no year 0000, the drivers read a timestamp in years 1–99 back as 19xx or 20xx (JavaScript's
 * two-digit-year rule), JavaScript writes years past 9999 as +010000, which no ISO date schema reads back,
 * and a book read or bought outside these years is a typing mistake.
 */
export const DATE_YEAR_MIN = 1000;
export const DATE_YEAR_MAX = 9999;

export const WireMessages = {
  text: 'Text must not contain a NUL character or an unpaired surrogate.',
  dateRange: (label: string) => `${label} must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}.`,
} as const;

/**
 * Every incoming string starts here; callers add trimming, lengths and patterns with `.check()`.
 * `error` is the message when the value is missing or not a string.
 */
export function textInput(error?: string) {
  return z.string(error).check(z.refine(isStorableText, WireMessages.text));
}

/** Unparseable values pass here: the format check before it has already said what is wrong. */
function inDateRange(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return Number.isNaN(year) || (year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX);
}

/**
 * Every incoming date: `day` is a calendar day (2024-05-01), `instant` a moment with its offset
 * (2024-05-01T10:00:00Z), `day-or-instant` either.
 */
export function dateInput(label: string, accepts: 'day' | 'instant' | 'day-or-instant') {
  const inRange = z.refine<string>(inDateRange, WireMessages.dateRange(label));
  const day = z.iso.date(`${label} must be a date (YYYY-MM-DD).`);
  const instant = z.iso.datetime({ offset: true, error: `${label} must be a date.` });
  if (accepts === 'day') return day.check(inRange);
  if (accepts === 'instant') return instant.check(inRange);
  // The union's own message: without one a value that is neither form is only "Invalid input".
  return z.union([z.iso.date(), instant], `${label} must be a date.`).check(inRange);
}
