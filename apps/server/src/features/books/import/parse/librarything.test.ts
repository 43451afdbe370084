import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLibraryThingJson, libraryThingRows } from './librarything.js';
import { parseImportFile } from './parse-import.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const HUNGER_GAMES = {
  title: 'The Hunger Games',
  author: 'Suzanne Collins',
  isbn: '9780439023481',
  format: 'physical',
  bindingType: 'hardcover',
  publisher: 'Scholastic Press',
  publishedYear: 2008,
  pages: 374,
  rating: 5,
  status: 'read',
  dateRead: '2019-05-03',
  tags: ['dystopia', 'ya', 'Favorites'],
  review: 'Gripping.\nRead it in a day & a night.',
  notes: 'Signed at the launch',
};

describe('the LibraryThing CSV fixture', () => {
  const { format, rows } = parseImportFile(fixture('librarything.csv'));

  it('is read as LibraryThing', () => {
    expect(format).toBe('librarything');
    expect(rows).toHaveLength(5);
  });

  it('maps a read book: publisher, year and pages from Publication, author turned around', () => {
    expect(rows[0]).toEqual({ row: 2, book: { input: HUNGER_GAMES, dateAdded: '2015-03-02T00:00:00.000Z' } });
  });

  it('takes Currently reading as reading, Page Count over Publication, and Comment as notes', () => {
    expect(rows[1]?.book?.input).toMatchObject({
      title: 'The Hobbit',
      author: 'J.R.R. Tolkien',
      status: 'reading',
      publisher: 'Houghton Mifflin',
      publishedYear: 1937,
      pages: 320,
      format: 'physical',
      notes: 'Rereading with the kids',
      isbn: '9780618260300',
    });
    expect(rows[1]?.book?.input.bindingType).toBeUndefined();
  });

  it('takes Wishlist as wishlist, an ebook as digital, and leaves a two-comma author alone', () => {
    expect(rows[2]?.book?.input).toMatchObject({
      author: 'King, Jr., Martin Luther',
      status: 'wishlist',
      format: 'digital',
      publisher: 'Fortress Press',
      pages: 192,
    });
    expect(rows[2]?.book?.input.publishedYear).toBeUndefined();
    expect(rows[2]?.book?.input.isbn).toBeUndefined();
  });

  it('takes Read but unowned as read without a date, and an audiobook', () => {
    expect(rows[3]?.book?.input).toMatchObject({
      author: 'Ursula K. Le Guin',
      status: 'read',
      format: 'audiobook',
      rating: 3,
      publishedYear: 1968,
    });
    expect(rows[3]?.book?.input.dateRead).toBeUndefined();
  });

  it('refuses a book without an author', () => {
    expect(rows[4]).toEqual({ row: 6, error: 'Author is required.' });
  });
});

describe('the LibraryThing TSV fixture', () => {
  it('reads the same as the CSV', () => {
    const tsv = parseImportFile(fixture('librarything.tsv'), 'librarything.tsv');
    expect(tsv.format).toBe('librarything');
    expect(tsv.rows).toEqual(parseImportFile(fixture('librarything.csv')).rows.slice(0, 3));
  });
});

describe('libraryThingRows', () => {
  const header = ['Title', 'Primary Author', 'Collections', 'Date Read', 'Publication', 'Date'];

  it('takes To read as wishlist, a date read as read, and the year in Publication when Date is empty', () => {
    const rows = libraryThingRows({
      header,
      records: [
        ['A', 'X, Y', 'To read', '', '', ''],
        ['B', 'X, Y', 'Your library', '2020-02-02', 'Tor (2011)', ''],
        ['C', 'X, Y', 'Your library', '', 'Tor, 2011', 'c1950'],
      ],
    });
    expect(rows.map((r) => r.book?.input.status)).toEqual(['wishlist', 'read', 'owned']);
    expect(rows[1]?.book?.input).toMatchObject({ dateRead: '2020-02-02', publisher: 'Tor', publishedYear: 2011 });
    expect(rows[2]?.book?.input).toMatchObject({ publisher: 'Tor, 2011', publishedYear: 1950 });
  });
});

describe('the LibraryThing JSON fixture', () => {
  const { format, rows } = parseImportFile(fixture('librarything.json'), 'librarything.json');

  it('is read as LibraryThing, one row per book', () => {
    expect(format).toBe('librarything');
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
  });

  it('maps the same way as the CSV', () => {
    expect(rows[0]).toEqual({ row: 1, book: { input: HUNGER_GAMES, dateAdded: '2015-03-02T00:00:00.000Z' } });
  });

  it("uses LibraryThing's own First Last name, an ISBN array, and trims pages", () => {
    expect(rows[1]?.book?.input).toMatchObject({
      author: 'Martin Luther King Jr.',
      isbn: '9780807014875',
      status: 'wishlist',
      format: 'digital',
      publishedYear: 1963,
      pages: 192,
    });
    expect(rows[2]?.book?.input).toMatchObject({
      author: 'J.R.R. Tolkien',
      isbn: '9780618260300',
      pages: 320,
      status: 'reading',
    });
  });

  it('refuses a book without a title', () => {
    expect(rows[3]).toEqual({ row: 4, error: 'Title is required.' });
  });
});

describe('isLibraryThingJson', () => {
  it('wants every entry to look like a LibraryThing book', () => {
    expect(isLibraryThingJson({ 1: { books_id: '1', title: 'A' } })).toBe(true);
    expect(isLibraryThingJson([{ title: 'A', primaryauthor: 'X, Y' }])).toBe(true);
    expect(isLibraryThingJson({})).toBe(false);
    expect(isLibraryThingJson({ 1: { books_id: '1' }, meta: 'x' })).toBe(false);
    expect(isLibraryThingJson([{ title: 'A', author: 'B' }])).toBe(false);
    expect(isLibraryThingJson('books')).toBe(false);
  });
});
