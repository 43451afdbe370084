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

/** The zod internals the audit below reads; zod and zod/mini share them. */
interface ZodNode {
  _zod: {
    def: {
      type: string;
      format?: string;
      checks?: { _zod: { def: { fn?: unknown } } }[];
      [key: string]: unknown;
    };
  };
}

const builtOn = (node: ZodNode, fn: unknown) => node._zod.def.checks?.some((c) => c._zod.def.fn === fn) ?? false;

/** Formats whose pattern admits only ASCII letters, digits and hyphens: nothing PostgreSQL cannot store. */
const SAFE_FORMATS = new Set(['uuid', 'guid']);

/**
 * Where a request schema takes a string or a date not built on textInput or dateInput (issue 27: a custom
 * platform's name with a NUL was a 500, as its schema used a bare z.string()): each as the path of the value
 * and what it is. Empty when every string and date the schema lets in is one the database can store.
 */
export function unwiredInputs(schema: unknown, path = 'input'): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, at: string): void => {
    if (seen.has(value)) return;
    seen.add(value);
    const node = value as ZodNode;
    const def = node._zod.def;
    const child = (key: string, where = at) => walk(def[key], where);
    switch (def.type) {
      case 'string':
        if (!builtOn(node, isStorableText) && !builtOn(node, inDateRange) && !SAFE_FORMATS.has(def.format ?? '')) {
          found.push(`${at}: a string not built on textInput or dateInput`);
        }
        return;
      case 'date':
      case 'any':
      case 'unknown':
      case 'custom':
      case 'transform':
        found.push(`${at}: ${def.type} (takes anything; use textInput, dateInput or a shape)`);
        return;
      case 'object':
        for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) walk(field, `${at}.${key}`);
        if (def.catchall) child('catchall', `${at}.*`);
        return;
      case 'array':
      case 'set':
        return child(def.type === 'array' ? 'element' : 'valueType', `${at}[]`);
      case 'tuple':
        (def.items as unknown[]).forEach((item, i) => walk(item, `${at}[${i}]`));
        if (def.rest) child('rest', `${at}[]`);
        return;
      case 'record':
      case 'map':
        child('keyType', `${at}{key}`);
        return child('valueType', `${at}{}`);
      case 'union':
        // dateInput's "day or instant" is a union checked as a whole.
        if (builtOn(node, inDateRange)) return;
        for (const option of def.options as unknown[]) walk(option, at);
        return;
      case 'intersection':
        child('left');
        return child('right');
      case 'pipe':
        // What arrives is what `in` accepts; `out` only sees what `in` made of it.
        return child('in');
      case 'lazy':
        return walk((def.getter as () => unknown)(), at);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
        return child('innerType');
      default:
        // number, boolean, literal, enum, null, …: no text of the caller's own.
        return;
    }
  };
  walk(schema, path);
  return found;
}
