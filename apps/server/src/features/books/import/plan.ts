import type { CreateBookRequest } from '@bookshelf/contract';
import { createDuplicateFinder, type DuplicateOf, type LibraryBook } from './duplicates.js';
import type { ParsedRow } from './parse/rows.js';

export type RowPlan =
  | { kind: 'add'; row: number; input: CreateBookRequest; dateAdded?: string | undefined }
  | { kind: 'duplicate'; row: number; input: CreateBookRequest; dateAdded?: string | undefined; of: DuplicateOf }
  | { kind: 'error'; row: number; message: string };

/** What happens to each row: added, a duplicate (of the library or an earlier row), or refused and why. */
export function planRows(rows: readonly ParsedRow[], library: readonly LibraryBook[]): RowPlan[] {
  const finder = createDuplicateFinder(library);
  return rows.map((parsed): RowPlan => {
    if (!parsed.book) return { kind: 'error', row: parsed.row, message: parsed.error ?? 'This row could not be read.' };
    const { input, dateAdded } = parsed.book;
    const book = { isbn: input.isbn ?? null, title: input.title, author: input.author };
    const of = finder.find(book);
    if (of) return { kind: 'duplicate', row: parsed.row, input, dateAdded, of };
    finder.learn(book, { title: input.title, row: parsed.row });
    return { kind: 'add', row: parsed.row, input, dateAdded };
  });
}
