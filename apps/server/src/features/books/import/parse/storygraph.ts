import type { BookStatus, CreateBookRequest } from '@bookshelf/contract';
import { columnReader, rowOf, type Table } from './csv.js';
import {
  addedAt,
  bindingOf,
  cleanIsbn,
  finishRow,
  parseDay,
  rating,
  reviewText,
  splitList,
  type ParsedRow,
} from './rows.js';

/** The StoryGraph's reading statuses; a paused book is still being read, one not finished is still owned. */
const STATUSES: Record<string, BookStatus> = {
  'to-read': 'wishlist',
  'currently-reading': 'reading',
  paused: 'reading',
  read: 'read',
  'did-not-finish': 'owned',
};

/** The last day in "2023/05/01-2023/05/14, 2024/01/02-2024/01/09", for books whose Last Date Read is empty. */
function lastDayOf(datesRead: string): string | undefined {
  const days = datesRead.match(/\d{4}[/-]\d{1,2}[/-]\d{1,2}/g) ?? [];
  return days.map((day) => parseDay(day)).findLast(Boolean);
}

/** The StoryGraph's export (Manage Account → Export StoryGraph Library). */
export function storyGraphRows(table: Table): ParsedRow[] {
  const cell = columnReader(table.header);
  return table.records.map((record, index) => {
    const readStatus = cell(record, 'Read Status').toLowerCase();
    const owned = /^y(es)?$/i.test(cell(record, 'Owned?'));
    const status = STATUSES[readStatus] ?? 'owned';
    const tags = splitList(cell(record, 'Tags'));
    // The StoryGraph tells abandoned books apart; a tag keeps that where our statuses cannot.
    if (readStatus === 'did-not-finish') tags.push('did-not-finish');
    const { format, bindingType } = bindingOf(cell(record, 'Format'));
    const input: CreateBookRequest = {
      title: cell(record, 'Title'),
      // "Authors" lists several people as "A, B"; turning it around as Last, First would mangle them.
      author: cell(record, 'Authors'),
      isbn: cleanIsbn(cell(record, 'ISBN/UID')),
      format,
      bindingType,
      rating: rating(cell(record, 'Star Rating')),
      status: status === 'wishlist' && owned ? 'owned' : status,
      dateRead: parseDay(cell(record, 'Last Date Read')) ?? lastDayOf(cell(record, 'Dates Read')),
      tags,
      review: reviewText(cell(record, 'Review')),
    };
    return finishRow(rowOf(table, index), input, addedAt(cell(record, 'Date Added')));
  });
}
