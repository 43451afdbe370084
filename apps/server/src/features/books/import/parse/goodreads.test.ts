import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTable } from './csv.js';
import { goodreadsRows, shelfStatus, shelfTags } from './goodreads.js';
import { parseImportFile } from './parse-import.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the Goodreads fixture', () => {
  const text = fixture('goodreads_library_export.csv');
  const { format, rows } = parseImportFile(text, 'goodreads_library_export.csv');
  const byRow = (row: number) => rows.find((r) => r.row === row);

  it('starts with a byte order mark and is read as Goodreads', () => {
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(format).toBe('goodreads');
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('maps a read book in full', () => {
    expect(byRow(2)).toEqual({
      row: 2,
      book: {
        input: {
          title: 'The Hunger Games (The Hunger Games, #1)',
          author: 'Suzanne Collins',
          isbn: '9780439023481',
          format: 'physical',
          bindingType: 'hardcover',
          publisher: 'Scholastic Press',
          pages: 374,
          publishedYear: 2008,
          originalPublishedYear: 2008,
          rating: 5,
          status: 'read',
          dateRead: '2019-05-03',
          tags: ['favorites', 'dystopia'],
          review: 'Could not put it down.\n\nKatniss & Peeta are "great".\nSecond line of the review.',
          notes: 'Borrowed from Anna',
        },
        dateAdded: '2019-04-20T00:00:00.000Z',
      },
    });
  });

  it('reads an empty ISBN formula and rating 0 as none, and the original year when there is no edition year', () => {
    const input = byRow(3)?.book?.input;
    expect(input?.isbn).toBeUndefined();
    expect(input?.rating).toBeUndefined();
    expect(input?.publishedYear).toBe(2009);
    expect(input?.status).toBe('reading');
    expect(input?.tags).toEqual([]);
    expect(input?.bindingType).toBe('paperback');
  });

  it('takes a to-read book with a copy owned as owned, and the edition year over the original', () => {
    const input = byRow(4)?.book?.input;
    expect(input?.status).toBe('owned');
    expect(input?.format).toBe('digital');
    expect(input?.bindingType).toBeUndefined();
    expect(input?.publishedYear).toBe(2005);
    expect(input?.tags).toEqual(['sci-fi']);
    expect(byRow(5)?.book?.input).toMatchObject({ status: 'wishlist', bindingType: 'mass-market', tags: [] });
  });

  it("refuses a row without a title, in the schema's words", () => {
    expect(byRow(6)).toEqual({ row: 6, error: 'Title is required.' });
  });

  it('drops an invalid ISBN but keeps the book, and takes a custom exclusive shelf as owned', () => {
    const input = byRow(7)?.book?.input;
    expect(input?.isbn).toBeUndefined();
    expect(input).toMatchObject({ title: 'A Game of Thrones', status: 'owned', format: 'audiobook', rating: 2 });
    expect(input?.tags).toEqual(['abandoned', 'fantasy']);
    expect(byRow(7)?.book?.dateAdded).toBe('2022-05-03T00:00:00.000Z');
  });
});

describe('shelfStatus', () => {
  it.each([
    ['to-read', 0, 'wishlist'],
    ['to-read', 1, 'owned'],
    ['currently-reading', 0, 'reading'],
    ['currently-reading', 2, 'reading'],
    ['read', 0, 'read'],
    ['Read', 1, 'read'],
    ['did-not-finish', 0, 'owned'],
    ['', 0, 'owned'],
  ] as const)('%s with %i copies is %s', (shelf, copies, status) => {
    expect(shelfStatus(shelf, copies)).toBe(status);
  });
});

describe('shelfTags', () => {
  it('leaves out the built-in shelves and the exclusive shelf', () => {
    expect(shelfTags('to-read, favorites, read, currently-reading, owned-books', 'to-read')).toEqual([
      'favorites',
      'owned-books',
    ]);
    expect(shelfTags('dnf, Favorites', 'DNF')).toEqual(['Favorites']);
    expect(shelfTags('', 'read')).toEqual([]);
  });
});

describe('goodreadsRows', () => {
  const header = ['Book Id', 'Title', 'Author', 'Exclusive Shelf', 'Date Read', 'Owned Copies', 'Number of Pages'];

  it('sets a date read only on a read book', () => {
    const rows = goodreadsRows({
      header,
      records: [
        ['1', 'A', 'X', 'read', '2019/05/03', '0', ''],
        ['2', 'B', 'X', 'currently-reading', '2019/05/03', '0', ''],
        ['3', 'C', 'X', 'read', '2019/02/31', '0', ''],
      ],
    });
    expect(rows.map((r) => r.book?.input.dateRead)).toEqual(['2019-05-03', undefined, undefined]);
  });

  it('refuses a row without an author', () => {
    expect(goodreadsRows({ header, records: [['1', 'A', '', 'read', '', '0', '']] })).toEqual([
      { row: 2, error: 'Author is required.' },
    ]);
  });

  it('keeps both the edition’s year and the original publication year (issue 27)', () => {
    const [row] = goodreadsRows({
      header: ['Title', 'Author', 'Year Published', 'Original Publication Year', 'Exclusive Shelf'],
      records: [['Lord of the Flies', 'William Golding', '1999', '1954', 'read']],
    });
    expect(row?.book?.input).toMatchObject({ publishedYear: 1999, originalPublishedYear: 1954 });
  });

  it('reports impossible page counts', () => {
    expect(goodreadsRows({ header, records: [['1', 'A', 'X', 'read', '', '0', '200000']] })[0]?.error).toBe(
      'Pages must be a whole number from 1 to 100000.',
    );
  });

  it('reads its own fixture through readTable the same as through parseImportFile', () => {
    const text = fixture('goodreads_library_export.csv');
    expect(goodreadsRows(readTable(text))).toEqual(parseImportFile(text).rows);
  });
});
