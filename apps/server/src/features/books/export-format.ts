import { BINDING_TYPE_LABELS, isbn13ToIsbn10, type Book, type BookStatus } from '@bookshelf/contract';
import Papa from 'papaparse';
import { escapeFormula } from './csv-formulas.js';

/**
 * A library as a file (issue 12). The CSV is Goodreads' own export layout, so other services that import
 * Goodreads files take ours, followed by our columns for what Goodreads has no place for; our import reads
 * those back (imports/parse/bookshelf.ts), so nothing a book holds is lost on the way out and in again.
 */

/** Goodreads' columns, in Goodreads' order. */
const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;

/** Ours. Bookshelf Status holds the exact status: the shelf cannot tell lent from owned. */
const BOOKSHELF_COLUMNS = [
  'Bookshelf Status',
  'Format',
  'Genre',
  'Tags',
  'Notes',
  'Purchase',
  'Special Edition',
  'Current Value',
] as const;

type Column = (typeof GOODREADS_COLUMNS)[number] | (typeof BOOKSHELF_COLUMNS)[number];

/** Counts and years are numbers, written as they are (a year before the common era is -700). */
type Cell = string | number;

/** The columns written as formulas on purpose (asFormula); every other text cell is escaped (csv-formulas.ts). */
const FORMULA_COLUMNS: ReadonlySet<Column> = new Set(['ISBN', 'ISBN13']);

/**
 * Goodreads' three exclusive shelves, the only ones it knows (issue 27: "owned" was refused). A book owned or
 * lent but not read is one still to read, with a copy owned; which of the two it is goes in Bookshelves as a
 * shelf of ours, which Goodreads keeps as a custom shelf and our Goodreads import reads back.
 */
const SHELVES: Record<BookStatus, 'to-read' | 'currently-reading' | 'read'> = {
  wishlist: 'to-read',
  reading: 'currently-reading',
  read: 'read',
  owned: 'to-read',
  lent: 'to-read',
};
const OUR_SHELVES: Partial<Record<BookStatus, string>> = { owned: 'owned', lent: 'lent' };

const BOM = '\uFEFF';

/** As a formula, the way Goodreads writes ISBNs, so a spreadsheet keeps the leading zero of 0439023483. */
const asFormula = (text: string | null) => `="${text ?? ''}"`;

/** YYYY/MM/DD of an instant's day in UTC, as Goodreads writes dates. */
function goodreadsDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10).replaceAll('-', '/');
}

/** 'Suzanne Collins' as 'Collins, Suzanne': the last word is taken for the surname, as Goodreads does. */
function lastFirst(author: string): string {
  const space = author.lastIndexOf(' ');
  if (author.includes(',') || space < 0) return author;
  return `${author.slice(space + 1)}, ${author.slice(0, space)}`;
}

function bindingText(book: Book): string {
  if (book.format === 'digital') return 'ebook';
  if (book.format === 'audiobook') return 'Audiobook';
  return book.bindingType ? BINDING_TYPE_LABELS[book.bindingType] : '';
}

/**
 * Tags as "a, b" for people reading the sheet; as a JSON array when that could not be read back, because a
 * tag holds a comma or the list would begin with '[' (how the importer tells the two apart).
 */
function tagsText(tags: readonly string[]): string {
  const plain = tags.every((tag) => !tag.includes(',')) && !tags[0]?.startsWith('[');
  return plain ? tags.join(', ') : JSON.stringify(tags);
}

const json = (value: object | null) => (value ? JSON.stringify(value) : '');
const text = (value: string | null) => value ?? '';
const whole = (value: number | null) => value ?? '';

function csvRecord(book: Book): Record<Column, Cell> {
  const shelf = SHELVES[book.status];
  return {
    'Book Id': book.id,
    Title: book.title,
    Author: book.author,
    'Author l-f': lastFirst(book.author),
    'Additional Authors': '',
    ISBN: asFormula(book.isbn && isbn13ToIsbn10(book.isbn)),
    ISBN13: asFormula(book.isbn),
    'My Rating': book.rating ?? 0,
    'Average Rating': '',
    Publisher: text(book.publisher),
    Binding: bindingText(book),
    'Number of Pages': whole(book.pages),
    'Year Published': whole(book.publishedYear),
    'Original Publication Year': whole(book.originalPublishedYear),
    'Date Read': goodreadsDay(book.dateRead),
    'Date Added': goodreadsDay(book.dateAdded),
    Bookshelves: [...book.tags, ...(OUR_SHELVES[book.status] ? [OUR_SHELVES[book.status]] : []), shelf].join(', '),
    'Bookshelves with positions': '',
    'Exclusive Shelf': shelf,
    'My Review': text(book.review),
    Spoiler: '',
    'Private Notes': text(book.notes),
    'Read Count': book.status === 'read' ? 1 : 0,
    'Owned Copies': book.status === 'wishlist' ? 0 : 1,
    'Bookshelf Status': book.status,
    Format: book.format,
    Genre: text(book.genre),
    Tags: tagsText(book.tags),
    Notes: text(book.notes),
    Purchase: json(book.purchaseInfo),
    'Special Edition': json(book.specialEdition),
    'Current Value': json(book.currentValue),
  };
}

/**
 * The books as CSV: quoted only where needed, CRLF line ends (RFC 4180), and a byte order mark, without which
 * Excel reads the UTF-8 as Windows-1252 and mangles every accent.
 */
export function booksToCsv(books: readonly Book[]): string {
  const fields: Column[] = [...GOODREADS_COLUMNS, ...BOOKSHELF_COLUMNS];
  const data = books.map((book) => {
    const record = csvRecord(book);
    return fields.map((field) => {
      const cell = record[field];
      return typeof cell === 'string' && !FORMULA_COLUMNS.has(field) ? escapeFormula(cell) : cell;
    });
  });
  return `${BOM}${Papa.unparse({ fields, data }, { newline: '\r\n' })}\r\n`;
}

/** The books as our JSON export, which the importer reads back whole. */
export function booksToJson(books: readonly Book[], exportedAt: Date): string {
  return `${JSON.stringify({ format: 'bookshelf', version: 1, exportedAt: exportedAt.toISOString(), books }, null, 2)}\n`;
}
