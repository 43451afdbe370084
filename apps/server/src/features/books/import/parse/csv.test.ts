import { describe, expect, it } from 'vitest';
import { columnKey, columnReader, readTable } from './csv.js';

describe('readTable', () => {
  it('strips a byte order mark and trims header cells', () => {
    expect(readTable('\uFEFF Title , Author\nDune,Frank Herbert\n')).toEqual({
      header: ['Title', 'Author'],
      records: [['Dune', 'Frank Herbert']],
      rows: [2],
    });
  });

  it('keeps quoted fields that span lines, with CRLF or LF line ends', () => {
    const text = 'Title,Review\r\nDune,"Spice.\r\nWorms, too.\nAnd ""sand""."\r\nEmma,Fine\r\n';
    expect(readTable(text).records).toEqual([
      ['Dune', 'Spice.\r\nWorms, too.\nAnd "sand".'],
      ['Emma', 'Fine'],
    ]);
  });

  it.each([
    ['tab', 'Title\tAuthor\tPages\nDune, Messiah\tFrank Herbert\t256\n'],
    ['semicolon', 'Title;Author;Pages\nDune, Messiah;Frank Herbert;256\n'],
    ['comma', 'Title,Author,Pages\n"Dune, Messiah",Frank Herbert,256\n'],
  ])('finds a %s delimiter', (_name, text) => {
    expect(readTable(text)).toEqual({
      header: ['Title', 'Author', 'Pages'],
      records: [['Dune, Messiah', 'Frank Herbert', '256']],
      rows: [2],
    });
  });

  it('skips blank lines and records whose cells are all empty', () => {
    expect(readTable('Title,Author\n\n,\n  ,  \nDune,Frank Herbert\n\n').records).toEqual([['Dune', 'Frank Herbert']]);
  });

  it('numbers each record as a spreadsheet shows its row: header 1, blank lines counted, a multi-line cell one row', () => {
    const text = '\n Title,Review\nDune,"Spice.\r\nWorms."\n\n,\nEmma,Fine\n';
    const table = readTable(text);
    expect(table.records.map((r) => r[0])).toEqual(['Dune', 'Emma']);
    expect(table.rows).toEqual([3, 6]);
  });

  it('drops the apostrophe a spreadsheet-safe export puts before a formula, and no other', () => {
    const text = "Title,Author\n'=HYPERLINK(\"x\"),'@home\n'Tis the season,''-x\n";
    expect(readTable(text).records).toEqual([
      ['=HYPERLINK("x")', '@home'],
      ["'Tis the season", "'-x"],
    ]);
  });

  it('reads a file with only a header', () => {
    expect(readTable('Title,Author')).toEqual({ header: ['Title', 'Author'], records: [], rows: [] });
  });
});

describe('columnReader', () => {
  const cell = columnReader(['Book Title', 'AUTHOR', 'isbn_13', 'Notes']);

  it('finds columns ignoring case, spaces, hyphens and underscores', () => {
    expect(columnKey('ISBN-13')).toBe(columnKey('isbn_13'));
    expect(cell(['Dune', ' Frank Herbert ', '9780441172719', ''], 'author')).toBe('Frank Herbert');
    expect(cell(['Dune', '', '9780441172719', ''], 'ISBN13')).toBe('9780441172719');
  });

  it('takes the first named column that has a value', () => {
    expect(cell(['Dune', 'F', '', 'n'], 'Title', 'Book Title')).toBe('Dune');
    expect(cell(['Dune', 'F', '', '  '], 'Notes', 'Author')).toBe('F');
  });

  it('gives blank for missing columns and short records', () => {
    expect(cell(['Dune'], 'Publisher')).toBe('');
    expect(cell(['Dune'], 'Notes')).toBe('');
  });
});
