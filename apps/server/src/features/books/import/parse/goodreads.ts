import type { BookStatus, CreateBookRequest } from '@bookshelf/contract';
import { columnReader, rowOf, type Table } from './csv.js';
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
  reviewText,
  splitList,
  type ParsedRow,
} from './rows.js';

/** Goodreads' three built-in shelves: every book is on exactly one of them or on a custom exclusive shelf. */
const BUILT_IN_SHELVES = new Set(['to-read', 'currently-reading', 'read']);

/**
 * The status a Goodreads shelf stands for. A custom exclusive shelf (owned, did-not-finish…) has no status
 * of its own, so the book is owned; so is a to-read book the reader says they own a copy of.
 */
export function shelfStatus(shelf: string, ownedCopies = 0): BookStatus {
  switch (shelf.trim().toLowerCase()) {
    case 'to-read':
      return ownedCopies > 0 ? 'owned' : 'wishlist';
    case 'currently-reading':
      return 'reading';
    case 'read':
      return 'read';
    default:
      return 'owned';
  }
}

/**
 * The shelves our export adds to a to-read book (export-format.ts): Goodreads has no exclusive shelf for a
 * book owned or lent but not read, so the exclusive shelf says to-read and this shelf says which.
 */
const STATUS_SHELVES = new Map<string, BookStatus>([
  ['owned', 'owned'],
  ['lent', 'lent'],
]);

/** The status a to-read book's shelves name (owned or lent, as our export writes them), if any. */
function statusShelf(bookshelves: string, exclusiveShelf: string): BookStatus | undefined {
  if (exclusiveShelf.trim().toLowerCase() !== 'to-read') return undefined;
  const named = splitList(bookshelves).map((shelf) => STATUS_SHELVES.get(shelf.toLowerCase()));
  return named.includes('lent') ? 'lent' : named.find(Boolean);
}

/**
 * A book's shelves as tags: the built-in shelves, its exclusive shelf and the status shelf of a to-read book
 * are its status, not tags.
 */
export function shelfTags(bookshelves: string, exclusiveShelf: string): string[] {
  const exclusive = exclusiveShelf.trim().toLowerCase();
  const dropStatusShelves = statusShelf(bookshelves, exclusiveShelf) !== undefined;
  return splitList(bookshelves).filter((shelf) => {
    const key = shelf.toLowerCase();
    return !BUILT_IN_SHELVES.has(key) && key !== exclusive && !(dropStatusShelves && STATUS_SHELVES.has(key));
  });
}

/** A Goodreads library export (My Books → Import and export). */
export function goodreadsRows(table: Table): ParsedRow[] {
  const cell = columnReader(table.header);
  return table.records.map((record, index) => {
    const shelf = cell(record, 'Exclusive Shelf');
    const { format, bindingType } = bindingOf(cell(record, 'Binding'));
    const input: CreateBookRequest = {
      title: cell(record, 'Title'),
      // Already First Last; "Author l-f" is the same name turned around.
      author: cell(record, 'Author'),
      isbn: cleanIsbn(cell(record, 'ISBN13')) ?? cleanIsbn(cell(record, 'ISBN')),
      format,
      bindingType,
      publisher: present(cell(record, 'Publisher')),
      pages: pagesOf(cell(record, 'Number of Pages')),
      // This edition's year (a 1999 paperback of Lord of the Flies) and the first edition's (1954): both kept.
      publishedYear: numberOf(cell(record, 'Year Published', 'Original Publication Year')),
      originalPublishedYear: numberOf(cell(record, 'Original Publication Year')),
      rating: rating(cell(record, 'My Rating')),
      status:
        statusShelf(cell(record, 'Bookshelves'), shelf) ??
        shelfStatus(shelf, Number(cell(record, 'Owned Copies')) || 0),
      dateRead: parseDay(cell(record, 'Date Read')),
      tags: shelfTags(cell(record, 'Bookshelves'), shelf),
      review: reviewText(cell(record, 'My Review')),
      notes: present(cell(record, 'Private Notes')),
    };
    return finishRow(rowOf(table, index), input, addedAt(cell(record, 'Date Added')));
  });
}
