/**
 * The ISBN rule (ISO 2108), zod-free so the book form checks it without loading the schema library and the
 * server applies the very same rule. An ISBN is typed with hyphens or spaces as printed on the book; it is
 * stored as the 13 bare digits of its ISBN-13, so an ISBN-10 and the ISBN-13 of the same book are one ISBN.
 */

export const ISBN_MESSAGE = 'ISBN must be a valid ISBN-10 or ISBN-13.';

/** The EAN prefix an ISBN-10 gets when it becomes an ISBN-13; 979 ISBN-13s have no ISBN-10. */
const BOOKLAND_PREFIX = '978';

/** ISBN-10: weights 10…1 over the ten characters (X = 10, only last) make a multiple of 11. */
function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += (10 - i) * Number(first9[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** ISBN-13 (EAN-13): weights 1, 3, 1, 3… over the thirteen digits make a multiple of 10. */
function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

/**
 * The ISBN-13 (13 bare digits) that the typed text names, or null when it is not a valid ISBN-10 or ISBN-13.
 * Hyphens and spaces between the characters are allowed; a final x of an ISBN-10 may be lower case. An
 * ISBN-13 starts 978 or 979: other EAN-13 codes (an ISSN's 977) are not books.
 */
export function normalizeIsbn(raw: string): string | null {
  const compact = raw
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  if (/^97[89]\d{10}$/.test(compact)) {
    return compact[12] === isbn13CheckDigit(compact.slice(0, 12)) ? compact : null;
  }
  if (/^\d{9}[\dX]$/.test(compact) && compact[9] === isbn10CheckDigit(compact.slice(0, 9))) {
    const first12 = BOOKLAND_PREFIX + compact.slice(0, 9);
    return first12 + isbn13CheckDigit(first12);
  }
  return null;
}

export function isValidIsbn(raw: string): boolean {
  return normalizeIsbn(raw) !== null;
}

/** The ISBN-10 of a 978 ISBN-13 (bare digits), or null: 979 ISBNs and invalid input have none. */
export function isbn13ToIsbn10(isbn13: string): string | null {
  const normalized = normalizeIsbn(isbn13);
  if (!normalized?.startsWith(BOOKLAND_PREFIX)) return null;
  const first9 = normalized.slice(3, 12);
  return first9 + isbn10CheckDigit(first9);
}
