import { BOOK_FORMATS, parseBookStatus, type BookFormat, type CreateBookRequest } from '@bookshelf/contract';
import { columnReader, rowOf, type Table } from './csv.js';
import { shelfStatus } from './goodreads.js';
import {
  addedAt,
  bindingOf,
  cleanIsbn,
  finishRow,
  numberOf,
  pagesOf,
  parseDay,
  present,
  rating,
  splitList,
  type BookCandidate,
  type ParsedRow,
} from './rows.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of a Book that a create request takes as they are. accountId is not among them: accounts are per user. */
const PLAIN_FIELDS = [
  'title',
  'author',
  'isbn',
  'coverUrl',
  'format',
  'bindingType',
  'genre',
  'publishedYear',
  'originalPublishedYear',
  'publisher',
  'pages',
  'rating',
  'status',
  'dateRead',
  'tags',
  'notes',
  'review',
  'currentValue',
] as const;

/**
 * Only photos on the web travel with an export: an uploaded photo's address is this server's, readable by
 * its owner alone, and the book schema takes web addresses only. The photos themselves are re-uploaded.
 */
const webImages = (value: unknown) =>
  Array.isArray(value) ? value.filter((url) => typeof url !== 'string' || /^https?:\/\//i.test(url)) : value;

/** Picks the named keys that are present; the schema then judges their values. */
function pick(value: unknown, keys: readonly string[]): unknown {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

/**
 * A stored purchase as a purchase input. The stored platform is already the custom name where the reader
 * chose Other (Specify), and any name is a valid platform, so no customPlatform is needed.
 */
const purchaseInput = (value: unknown) =>
  pick(value, ['platform', 'price', 'currency', 'sellerName', 'purchaseDate', 'condition', 'notes']);

const editionInput = (value: unknown) =>
  pick(value, ['type', 'customType', 'details', 'certificateOfAuthenticity', 'editionNumber', 'limitedQuantity']);

const priceHistoryInput = (value: unknown) =>
  Array.isArray(value) ? value.map((point) => pick(point, ['date', 'price', 'currency', 'platform'])) : value;

function jsonBookRow(row: number, item: unknown): ParsedRow {
  if (!isObject(item)) return { row, error: 'This entry is not a book.' };
  const candidate: BookCandidate = { title: '', author: '' };
  for (const field of PLAIN_FIELDS) if (item[field] !== undefined) candidate[field] = item[field];
  if (item.purchaseInfo !== undefined) candidate.purchaseInfo = purchaseInput(item.purchaseInfo);
  if (item.specialEdition !== undefined) candidate.specialEdition = editionInput(item.specialEdition);
  if (item.priceHistory !== undefined) candidate.priceHistory = priceHistoryInput(item.priceHistory);
  if (item.images !== undefined) candidate.images = webImages(item.images);
  const dateAdded = typeof item.dateAdded === 'string' ? addedAt(item.dateAdded) : undefined;
  return finishRow(row, candidate, dateAdded);
}

/** The `books` of our JSON export (booksToJson); the envelope has been checked by the caller. */
export function bookshelfJsonRows(books: readonly unknown[]): ParsedRow[] {
  return books.map((item, index) => jsonBookRow(index + 1, item));
}

const isFormat = (value: string): value is BookFormat => (BOOK_FORMATS as readonly string[]).includes(value);

type Cell<T> = { value: T } | { error: string };

/** A cell holding JSON (empty is none), named in the message when it does not parse. */
function jsonCell(text: string, label: string): Cell<unknown> {
  if (!text) return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { error: `${label} is not valid JSON.` };
  }
}

/**
 * Tags as the export writes them: "a, b", or a JSON array when a tag holds a comma (or the list would start
 * with '[') and a plain list could not be read back.
 */
function tagsCell(text: string): Cell<unknown> {
  return text.startsWith('[') ? jsonCell(text, 'Tags') : { value: splitList(text) };
}

/** Our CSV export (booksToCsv): Goodreads' columns, read for what they hold, and our own columns after them. */
export function bookshelfCsvRows(table: Table): ParsedRow[] {
  const cell = columnReader(table.header);
  return table.records.map((record, index) => {
    const row = rowOf(table, index);
    const cells = {
      tags: tagsCell(cell(record, 'Tags')),
      purchaseInfo: jsonCell(cell(record, 'Purchase'), 'Purchase'),
      specialEdition: jsonCell(cell(record, 'Special Edition'), 'Special edition'),
      currentValue: jsonCell(cell(record, 'Current Value'), 'Current value'),
    };
    const errors = Object.values(cells).flatMap((c) => ('error' in c ? [c.error] : []));
    if (errors.length > 0) return { row, error: errors.join(' ') };
    const valueOf = (c: Cell<unknown>) => ('value' in c ? c.value : undefined);

    const formatCell = cell(record, 'Format').toLowerCase();
    const binding = bindingOf(cell(record, 'Binding'));
    const format = isFormat(formatCell) ? formatCell : binding.format;
    const input: CreateBookRequest = {
      title: cell(record, 'Title'),
      author: cell(record, 'Author'),
      isbn: cleanIsbn(cell(record, 'ISBN13')) ?? cleanIsbn(cell(record, 'ISBN')),
      format,
      bindingType: format === 'physical' ? binding.bindingType : undefined,
      genre: present(cell(record, 'Genre')),
      publisher: present(cell(record, 'Publisher')),
      pages: pagesOf(cell(record, 'Number of Pages')),
      publishedYear: numberOf(cell(record, 'Year Published', 'Original Publication Year')),
      originalPublishedYear: numberOf(cell(record, 'Original Publication Year')),
      rating: rating(cell(record, 'My Rating')),
      status:
        parseBookStatus(cell(record, 'Bookshelf Status')) ??
        shelfStatus(cell(record, 'Exclusive Shelf'), Number(cell(record, 'Owned Copies')) || 0),
      dateRead: parseDay(cell(record, 'Date Read')),
      notes: present(cell(record, 'Notes', 'Private Notes')),
      // Written by us as plain text, so not read as Goodreads' HTML: a review may mention "<br>" or "&amp;".
      review: present(cell(record, 'My Review')),
    };
    const candidate: BookCandidate = {
      ...input,
      tags: valueOf(cells.tags),
      purchaseInfo: purchaseInput(valueOf(cells.purchaseInfo)),
      specialEdition: editionInput(valueOf(cells.specialEdition)),
      currentValue: valueOf(cells.currentValue),
    };
    return finishRow(row, candidate, addedAt(cell(record, 'Date Added')));
  });
}
