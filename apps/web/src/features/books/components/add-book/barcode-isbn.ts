import { normalizeIsbn } from '@bookshelf/contract';

/**
 * The ISBN-13 (13 bare digits) a scanned barcode names, or null when it is not a book's. A book's barcode is an
 * EAN-13 in the "Bookland" range, 978 or 979, whose last digit checks out; other EAN-13s (an ISSN's 977, a
 * product code) are not books. Scanners hand the digits bare, but whitespace around or between them is allowed.
 */
export function isbnFromBarcode(raw: string): string | null {
  const digits = raw.replace(/\s+/g, '');
  if (!/^97[89]\d{10}$/.test(digits)) return null;
  return normalizeIsbn(digits);
}
