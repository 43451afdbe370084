import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UserNameSchema } from './auth.js';
import { displayName } from './auth-rules.js';
import { hasBidiControls, stripBidiControls } from './display-names.js';

const CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const control = fc.constantFrom(...CONTROLS);

describe('names without bidirectional controls', () => {
  it('shows a file name built with U+202E with its real extension', () => {
    expect(stripBidiControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(stripBidiControls('\u2067evil\u2069.epub')).toBe('evil.epub');
  });

  it('keeps right-to-left letters, emoji and every other character', () => {
    for (const name of ['كتاب.pdf', 'ספר 2.epub', 'Ada 📚 Lovelace', 'naïve — “x”']) {
      expect(stripBidiControls(name)).toBe(name);
    }
  });

  it('removes every control wherever it sits, changes nothing else, and is idempotent', () => {
    const text = fc.string({ unit: 'grapheme' }).map(stripBidiControls);
    fc.assert(
      fc.property(fc.array(fc.tuple(text, control)), text, (parts, tail) => {
        const dirty = parts.map(([t, c]) => t + c).join('') + tail;
        const clean = stripBidiControls(dirty);
        expect(hasBidiControls(clean)).toBe(false);
        expect(clean).toBe(parts.map(([t]) => t).join('') + tail);
        expect(stripBidiControls(clean)).toBe(clean);
      }),
    );
  });

  it('applies to the name a reader types and the one a provider brings', () => {
    expect(UserNameSchema.parse(' Ada\u202E ecalevoL ')).toBe('Ada ecalevoL');
    expect(UserNameSchema.safeParse('\u202E\u202C').success).toBe(false);
    expect(displayName('\u202EAda', null)).toBe('Ada');
    expect(displayName('\u200F', 'ada@example.org')).toBe('ada');
  });
});
