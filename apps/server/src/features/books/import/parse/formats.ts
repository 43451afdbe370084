import type { ImportFormat } from '@bookshelf/contract';
import { columnKey, headerKeys } from './csv.js';

export type { ImportFormat };

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  goodreads: 'Goodreads library export',
  librarything: 'LibraryThing export',
  storygraph: 'The StoryGraph export',
  'bookshelf-json': 'Bookshelf JSON export',
  'bookshelf-csv': 'Bookshelf CSV export',
  'generic-csv': 'CSV with Title, Author, ISBN columns',
};

/** The names a hand-made spreadsheet uses for its title and author columns, most likely first. */
export const GENERIC_TITLE_COLUMNS = ['Title', 'Book Title', 'Name'] as const;
export const GENERIC_AUTHOR_COLUMNS = ['Author', 'Authors', 'Author Name', 'Primary Author'] as const;

/** Our CSV export is Goodreads' columns plus ours; this one is the mark that tells them apart. */
export const BOOKSHELF_STATUS_COLUMN = 'Bookshelf Status';

/** The format a header belongs to, told by the columns each service always writes, whatever their order. */
export function detectFormat(header: string[]): ImportFormat | undefined {
  const keys = headerKeys(header);
  const has = (...names: string[]) => names.every((name) => keys.has(columnKey(name)));
  if (has('Book Id', 'Title', 'Author', 'Exclusive Shelf')) {
    return has(BOOKSHELF_STATUS_COLUMN) ? 'bookshelf-csv' : 'goodreads';
  }
  // Before the generic check: it would take Primary Author as the author column and miss the rest.
  if (has('Primary Author', 'Title')) return 'librarything';
  if (has('Title', 'Authors', 'Read Status', 'ISBN/UID')) return 'storygraph';
  const hasAny = (names: readonly string[]) => names.some((name) => has(name));
  if (hasAny(GENERIC_TITLE_COLUMNS) && hasAny(GENERIC_AUTHOR_COLUMNS)) return 'generic-csv';
  return undefined;
}
