import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { dateInput, isStorableText, textInput, unwiredInputs, WireMessages } from './wire-values.js';

const storable = fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));
const unstorable = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');

describe('text that PostgreSQL can store', () => {
  it('takes any well-formed text without NUL, emoji and other astral characters included', () => {
    expect(isStorableText('Ada 📚 Lovelace — “naïve” 漢字')).toBe(true);
    fc.assert(fc.property(storable, (text) => isStorableText(text)));
  });

  it('refuses a NUL or a lone surrogate anywhere in otherwise good text', () => {
    fc.assert(
      fc.property(storable, unstorable, storable, (before, bad, after) => {
        // A high surrogate right before a low one is a pair, not a lone surrogate: keep them apart.
        const text = `${before}${bad}x${after}`;
        expect(isStorableText(text)).toBe(false);
        expect(textInput().safeParse(text).error?.issues[0]?.message).toBe(WireMessages.text);
      }),
    );
  });

  it('reads a high and a low surrogate together as one character', () => {
    expect(isStorableText('\uD83D\uDCDA')).toBe(true);
    expect(isStorableText('\uDCDA\uD83D')).toBe(false);
  });
});

describe('dates', () => {
  const day = dateInput('Purchase date', 'day');
  const instant = dateInput('Date read', 'instant');
  const either = dateInput('Date read', 'day-or-instant');
  const message = (schema: typeof day, value: string) => schema.safeParse(value).error?.issues[0]?.message;

  it('takes four-digit years from 1000 to 9999', () => {
    for (const value of ['1000-01-01', '2024-02-29', '9999-12-31']) {
      expect(day.safeParse(value).success).toBe(true);
      expect(either.safeParse(value).success).toBe(true);
    }
    for (const value of ['1000-01-01T00:00:00Z', '2024-05-01T10:00:00+02:00', '9999-12-31T23:59:59.999Z']) {
      expect(instant.safeParse(value).success).toBe(true);
      expect(either.safeParse(value).success).toBe(true);
    }
  });

  it('refuses year 0000 and years outside the range, counting an instant in UTC', () => {
    expect(message(day, '0000-01-01')).toBe(WireMessages.dateRange('Purchase date'));
    expect(message(day, '0999-12-31')).toBe(WireMessages.dateRange('Purchase date'));
    expect(message(either, '0000-01-01')).toBe(WireMessages.dateRange('Date read'));
    expect(message(instant, '0000-06-01T10:00:00Z')).toBe(WireMessages.dateRange('Date read'));
    expect(message(instant, '1000-01-01T00:30:00+01:00')).toBe(WireMessages.dateRange('Date read'));
    expect(message(instant, '9999-12-31T23:30:00-01:00')).toBe(WireMessages.dateRange('Date read'));
  });

  it('still says what is wrong with a value that is not a date at all', () => {
    expect(message(day, '2024-02-30')).toBe('Purchase date must be a date (YYYY-MM-DD).');
    expect(message(instant, 'yesterday')).toBe('Date read must be a date.');
    expect(message(either, 'yesterday')).toBe('Date read must be a date.');
    expect(message(either, '2024-02-30')).toBe('Date read must be a date.');
    expect(day.safeParse('2024-05-01T10:00:00Z').success).toBe(false);
  });
});

describe('the audit of request schemas (unwiredInputs)', () => {
  it('passes strings and dates built on the wire schemas, wherever they sit', () => {
    const schema = z.object({
      name: textInput().check(z.trim(), z.maxLength(10)),
      tags: z.optional(z.array(textInput())),
      on: dateInput('Date', 'day'),
      at: z.nullable(dateInput('Time', 'instant')),
      when: dateInput('When', 'day-or-instant'),
      id: z.uuid(),
      kind: z.enum(['a', 'b']),
      count: z.number(),
      notes: z.record(textInput(), z.union([textInput(), z.number()])),
      piped: z.pipe(
        textInput(),
        z.transform((s: string) => s.length),
      ),
    });
    expect(unwiredInputs(schema, 'body')).toEqual([]);
  });

  it('names every bare string, date-without-range and anything-goes value with its path', () => {
    const schema = z.object({
      name: z.string().check(z.maxLength(10)),
      nested: z.object({ list: z.array(z.optional(z.string())) }),
      day: z.iso.date(),
      keys: z.record(z.string(), z.number()),
      blob: z.unknown(),
      either: z.union([z.number(), z.string()]),
      piped: z.pipe(
        z.string(),
        z.transform((s: string) => s.length),
      ),
    });
    expect(unwiredInputs(schema, 'body')).toEqual([
      'body.name: a string not built on textInput or dateInput',
      'body.nested.list[]: a string not built on textInput or dateInput',
      'body.day: a string not built on textInput or dateInput',
      'body.keys{key}: a string not built on textInput or dateInput',
      'body.blob: unknown (takes anything; use textInput, dateInput or a shape)',
      'body.either: a string not built on textInput or dateInput',
      'body.piped: a string not built on textInput or dateInput',
    ]);
  });

  it('reads zod classic schemas too', async () => {
    const classic = await import('zod');
    expect(unwiredInputs(classic.z.object({ code: classic.z.string().max(5) }), 'query')).toEqual([
      'query.code: a string not built on textInput or dateInput',
    ]);
    expect(unwiredInputs(classic.z.object({ code: textInput() }), 'query')).toEqual([]);
  });
});
