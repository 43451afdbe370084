import { describe, expect, it } from 'vitest';
import { isbnFromBarcode } from './barcode-isbn';

describe('isbnFromBarcode', () => {
  it('reads a 978 or 979 EAN-13 with a valid check digit as its ISBN-13', () => {
    expect(isbnFromBarcode('9780439023481')).toBe('9780439023481');
    expect(isbnFromBarcode('9791032305690')).toBe('9791032305690');
  });

  it('tolerates whitespace around and between the digits', () => {
    expect(isbnFromBarcode(' 9780439023481\n')).toBe('9780439023481');
    expect(isbnFromBarcode('978 0439 02348 1')).toBe('9780439023481');
  });

  it('refuses a wrong check digit', () => {
    expect(isbnFromBarcode('9780439023482')).toBeNull();
    expect(isbnFromBarcode('9791032305691')).toBeNull();
  });

  it('refuses EAN-13s that are not books: an ISSN (977) or a product code', () => {
    expect(isbnFromBarcode('9771234567003')).toBeNull();
    expect(isbnFromBarcode('4006381333931')).toBeNull();
    expect(isbnFromBarcode('5901234123457')).toBeNull();
  });

  it('refuses what is not an EAN-13 of digits: an ISBN-10, hyphens, too few or too many digits', () => {
    expect(isbnFromBarcode('0439023483')).toBeNull();
    expect(isbnFromBarcode('978-0-439-02348-1')).toBeNull();
    expect(isbnFromBarcode('978043902348')).toBeNull();
    expect(isbnFromBarcode('97804390234810')).toBeNull();
    expect(isbnFromBarcode('')).toBeNull();
  });
});
