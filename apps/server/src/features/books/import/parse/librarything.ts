import type { BookStatus, CreateBookRequest } from '@bookshelf/contract';
import { columnReader, rowOf, type Table } from './csv.js';
import {
  addedAt,
  authorFirstLast,
  bindingOf,
  cleanIsbn,
  finishRow,
  pagesOf,
  parseDay,
  present,
  rating,
  reviewText,
  splitList,
  type ParsedRow,
} from './rows.js';

/** One LibraryThing book, whether it came from the CSV/TSV export or the JSON one. */
interface LibraryThingBook {
  title: string;
  /** 'Collins, Suzanne' */
  primaryAuthor: string;
  /** The same name as First Last, when the export gives it (JSON does). */
  authorFirstLast?: string | undefined;
  /** 'Scholastic Press (2008), Edition: 1st, 374 pages' */
  publication: string;
  date: string;
  review: string;
  rating: string;
  comment: string;
  privateComment: string;
  media: string;
  pageCount: string;
  tags: string[];
  collections: string[];
  isbns: string[];
  entryDate: string;
  dateRead: string;
}

/** LibraryThing's built-in collections, which say a book's status; a reader's own collections become tags. */
const STATUS_COLLECTIONS = new Set(['your library', 'wishlist', 'currently reading', 'to read', 'read but unowned']);

function statusOf(collections: Set<string>, dateRead: string): BookStatus {
  if (collections.has('currently reading')) return 'reading';
  if (collections.has('wishlist') || collections.has('to read')) return 'wishlist';
  if (collections.has('read but unowned') || dateRead) return 'read';
  return 'owned';
}

/** The publisher is what Publication says before its year, or before the edition when it gives no year. */
function publisherOf(publication: string): string | undefined {
  const paren = publication.indexOf(' (');
  if (paren >= 0) return present(publication.slice(0, paren));
  return present(publication.replace(/,\s*(?:Edition:|\d+\s*(?:pages?|p\.))[^]*$/i, ''));
}

/** Date is '2008', '2008-06-26' or 'c1950'; without one, Publication's '(2008)'. */
function yearOf(date: string, publication: string): number | undefined {
  const year = /(?:^|\D)(\d{4})(?:\D|$)/.exec(date)?.[1] ?? /\((\d{4})\)/.exec(publication)?.[1];
  return year === undefined ? undefined : Number(year);
}

function pagesFrom(pageCount: string, publication: string): number | undefined {
  return pagesOf(pageCount) ?? pagesOf(/(\d+)\s*(?:pages?\b|p\.)/i.exec(publication)?.[1]);
}

function toRow(row: number, book: LibraryThingBook): ParsedRow {
  const collections = new Set(book.collections.map((c) => c.toLowerCase()));
  const { format, bindingType } = bindingOf(book.media);
  const input: CreateBookRequest = {
    title: book.title,
    author: present(book.authorFirstLast) ?? authorFirstLast(book.primaryAuthor),
    isbn: book.isbns.map(cleanIsbn).find(Boolean),
    format,
    bindingType,
    publisher: publisherOf(book.publication),
    publishedYear: yearOf(book.date, book.publication),
    pages: pagesFrom(book.pageCount, book.publication),
    rating: rating(book.rating),
    status: statusOf(collections, book.dateRead),
    dateRead: parseDay(book.dateRead),
    tags: [...book.tags, ...book.collections.filter((c) => !STATUS_COLLECTIONS.has(c.toLowerCase()))],
    review: reviewText(book.review),
    notes: present(book.privateComment) ?? present(book.comment),
  };
  return finishRow(row, input, addedAt(book.entryDate));
}

/** LibraryThing's CSV or tab-separated export (More → Import/Export). */
export function libraryThingRows(table: Table): ParsedRow[] {
  const cell = columnReader(table.header);
  return table.records.map((record, index) =>
    toRow(rowOf(table, index), {
      title: cell(record, 'Title'),
      primaryAuthor: cell(record, 'Primary Author'),
      publication: cell(record, 'Publication'),
      date: cell(record, 'Date'),
      review: cell(record, 'Review'),
      rating: cell(record, 'Rating'),
      comment: cell(record, 'Comment'),
      privateComment: cell(record, 'Private Comment'),
      media: cell(record, 'Media'),
      pageCount: cell(record, 'Page Count'),
      tags: splitList(cell(record, 'Tags')),
      collections: splitList(cell(record, 'Collections')),
      isbns: [cell(record, 'ISBN'), cell(record, 'ISBNs')],
      entryDate: cell(record, 'Entry Date'),
      dateRead: cell(record, 'Date Read'),
    }),
  );
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** LibraryThing writes lists as arrays, as objects keyed '0', '2'…, or as a single string. */
function textsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [value];
  return items.map(textOf).filter(Boolean);
}

/** The book entries of LibraryThing's JSON export: an object keyed by book id (an array is taken too). */
function entriesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
}

const looksLikeBook = (entry: unknown): boolean =>
  isObject(entry) && ('books_id' in entry || ('title' in entry && 'primaryauthor' in entry));

/** Whether a parsed JSON file is LibraryThing's export: every entry is shaped like one of its books. */
export function isLibraryThingJson(value: unknown): boolean {
  const entries = entriesOf(value);
  return entries.length > 0 && entries.every(looksLikeBook);
}

/** The author's First Last spelling that LibraryThing keeps next to the Last, First one. */
function firstLastOf(entry: JsonObject, primary: string): string | undefined {
  const authors = Array.isArray(entry.authors) ? entry.authors.filter(isObject) : [];
  const match = authors.find((a) => textOf(a.lf) === primary) ?? (primary ? undefined : authors[0]);
  return match && present(textOf(match.fl));
}

/** LibraryThing's JSON export; `value` has passed isLibraryThingJson. Rows follow the object's key order. */
export function libraryThingJsonRows(value: unknown): ParsedRow[] {
  return entriesOf(value).map((item, index) => {
    const entry = isObject(item) ? item : {};
    const primaryAuthor = textOf(entry.primaryauthor);
    const formats = Array.isArray(entry.format) ? entry.format.filter(isObject).map((f) => textOf(f.text)) : [];
    return toRow(index + 1, {
      title: textOf(entry.title),
      primaryAuthor,
      authorFirstLast: firstLastOf(entry, primaryAuthor),
      publication: textOf(entry.publication),
      date: textOf(entry.date),
      review: textOf(entry.review),
      rating: textOf(entry.rating),
      comment: textOf(entry.comment),
      privateComment: textOf(entry.privatecomment),
      media: formats.join(', '),
      pageCount: textOf(entry.pages),
      tags: textsOf(entry.tags),
      collections: textsOf(entry.collections),
      isbns: textsOf(entry.isbn),
      entryDate: textOf(entry.entrydate),
      dateRead: textOf(entry.datefinished),
    });
  });
}
