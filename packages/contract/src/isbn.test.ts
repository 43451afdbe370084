import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isbn13ToIsbn10, isValidIsbn, normalizeIsbn } from './isbn.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
const CHECK_CHARACTERS_10 = [...'0123456789X'];
const CHECK_CHARACTERS_13 = [...'0123456789'];

/** The one check character that makes the body a valid ISBN; the property below proves there is exactly one. */
const completeIsbn10 = (first9: string) => first9 + CHECK_CHARACTERS_10.find((c) => isValidIsbn(first9 + c))!;
const isbn10 = digits(9).map(completeIsbn10);
const isbn13 = fc
  .tuple(fc.constantFrom('978', '979'), digits(9))
  .map(([prefix, body]) => prefix + body + CHECK_CHARACTERS_13.find((c) => isValidIsbn(prefix + body + c))!);

describe('ISBN rule', () => {
  it.each([
    ['0-306-40615-2', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    ['0 8044 2957 X', '9780804429573'],
    ['080442957x', '9780804429573'],
    ['979-10-90636-07-1', '9791090636071'],
    ['  978-0-7564-0474-1 ', '9780756404741'],
  ])('takes %j as the ISBN-13 %s', (typed, stored) => {
    expect(normalizeIsbn(typed)).toBe(stored);
  });

  it.each([
    '12345',
    '978-0-00-000000-1',
    '0-306-40615-3',
    '9780306406158',
    '977-1234-5678-0-3',
    '0306406X52',
    '978030640615X',
    '978.0.306.40615.7',
    'ISBN 0-306-40615-2',
    '',
  ])('refuses %j', (typed) => {
    expect(normalizeIsbn(typed)).toBeNull();
    expect(isValidIsbn(typed)).toBe(false);
  });

  it('gives the ISBN-10 back for 978 ISBNs only', () => {
    expect(isbn13ToIsbn10('9780804429573')).toBe('080442957X');
    expect(isbn13ToIsbn10('9791090636071')).toBeNull();
    expect(isbn13ToIsbn10('9780000000001')).toBeNull();
  });

  it('has exactly one check character for every ISBN-10 and ISBN-13 body', () => {
    fc.assert(fc.property(digits(9), (body) => CHECK_CHARACTERS_10.filter((c) => isValidIsbn(body + c)).length === 1));
    fc.assert(
      fc.property(
        fc.constantFrom('978', '979'),
        digits(9),
        (prefix, body) => CHECK_CHARACTERS_13.filter((c) => isValidIsbn(prefix + body + c)).length === 1,
      ),
    );
  });

  it('turns every valid ISBN-10 into a valid 978 ISBN-13 that converts back to it', () => {
    fc.assert(
      fc.property(isbn10, (isbn) => {
        const thirteen = normalizeIsbn(isbn);
        expect(thirteen).toMatch(/^978\d{10}$/);
        expect(isValidIsbn(thirteen!)).toBe(true);
        expect(isbn13ToIsbn10(thirteen!)).toBe(isbn);
      }),
    );
  });

  it('keeps every valid ISBN-13 as it is, however it is hyphenated or spaced', () => {
    fc.assert(
      fc.property(isbn13, fc.array(fc.constantFrom('-', ' ', '')), (isbn, separators) => {
        const typed = [...isbn].map((c, i) => c + (separators[i] ?? '')).join('');
        expect(normalizeIsbn(typed)).toBe(isbn);
        expect(normalizeIsbn(normalizeIsbn(typed)!)).toBe(isbn);
      }),
    );
  });

  it('refuses an ISBN with one character mistyped', () => {
    fc.assert(
      fc.property(fc.oneof(isbn10, isbn13), fc.nat(), fc.integer({ min: 1, max: 9 }), (isbn, at, shift) => {
        const i = at % (isbn.length - 1);
        const mistyped = isbn.slice(0, i) + ((Number(isbn[i]) + shift) % 10) + isbn.slice(i + 1);
        expect(isValidIsbn(mistyped)).toBe(false);
      }),
    );
  });
});
