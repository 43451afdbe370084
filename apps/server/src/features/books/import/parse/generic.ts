import { parseBookStatus, type BookStatus, type CreateBookRequest } from '@bookshelf/contract';
import { columnReader, rowOf, type Table } from './csv.js';
import { GENERIC_AUTHOR_COLUMNS, GENERIC_TITLE_COLUMNS } from './formats.js';
import {
  addedAt,
  authorFirstLast,
  bindingOf,
  cleanIsbn,
  finishRow,
  numberOf,
  pagesOf,
  parseDay,
  present,
  rating,
  splitList,
  type ParsedRow,
} from './rows.js';

/** Status words people and other apps write, beyond our own: Goodreads' shelves and their spoken forms. */
const STATUS_WORDS: Record<string, BookStatus> = {
  'to-read': 'wishlist',
  'want-to-read': 'wishlist',
  'wish-list': 'wishlist',
  'currently-reading': 'reading',
  finished: 'read',
  'lent-out': 'lent',
  'did-not-finish': 'owned',
};

function statusWord(raw: string): BookStatus | undefined {
  const word = raw.trim().toLowerCase();
  return parseBookStatus(word) ?? STATUS_WORDS[word.replace(/[\s_]+/g, '-')];
}

/**
 * 'Le Guin, Ursula K.' could be one person or the two-person list 'Neil Gaiman, Terry Pratchett'. When both
 * sides are several words, it is taken for a list and left alone; a single surname before the comma is the
 * common Last, First.
 */
function authorOf(raw: string): string {
  const parts = raw.split(',').map((part) => part.trim());
  return parts.length === 2 && parts.every((part) => part.includes(' ')) ? raw : authorFirstLast(raw);
}

/** Any CSV with title and author columns, in any order, named in any case; other columns are ignored. */
export function genericRows(table: Table): ParsedRow[] {
  const cell = columnReader(table.header);
  return table.records.map((record, index) => {
    const dateRead = parseDay(cell(record, 'Date Read', 'Read Date', 'Date Finished'));
    const status = statusWord(cell(record, 'Status', 'Read Status', 'Shelf', 'Exclusive Shelf'));
    const isbns = [cell(record, 'ISBN13'), cell(record, 'ISBN'), cell(record, 'ISBN10')];
    const { format, bindingType } = bindingOf(cell(record, 'Format', 'Binding'));
    const input: CreateBookRequest = {
      title: cell(record, ...GENERIC_TITLE_COLUMNS),
      author: authorOf(cell(record, ...GENERIC_AUTHOR_COLUMNS)),
      isbn: isbns.map(cleanIsbn).find(Boolean),
      format,
      bindingType,
      genre: present(cell(record, 'Genre')),
      publisher: present(cell(record, 'Publisher')),
      pages: pagesOf(cell(record, 'Pages', 'Number of Pages', 'Page Count')),
      publishedYear: numberOf(cell(record, 'Year', 'Published Year', 'Year Published', 'Publication Year')),
      rating: rating(cell(record, 'Rating', 'My Rating', 'Star Rating')),
      // A date read with no status column says the book was read.
      status: status ?? (dateRead ? 'read' : undefined),
      dateRead,
      tags: splitList(cell(record, 'Tags'), /[,;]/),
      notes: present(cell(record, 'Notes')),
      review: present(cell(record, 'Review')),
    };
    return finishRow(rowOf(table, index), input, addedAt(cell(record, 'Date Added')));
  });
}
