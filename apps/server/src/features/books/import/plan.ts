import type { CreateBookRequest } from '@bookshelf/contract';
import { createDuplicateFinder, type DuplicateOf, type LibraryBook } from './duplicates.js';
import { createTimeSlices } from './time-slices.js';
import type { ParsedRow } from './parse/rows.js';

export type RowPlan =
  | { kind: 'add'; row: number; input: CreateBookRequest; dateAdded?: string | undefined }
  | { kind: 'duplicate'; row: number; input: CreateBookRequest; dateAdded?: string | undefined; of: DuplicateOf }
  | { kind: 'error'; row: number; message: string };

/** What happens to each row: added, a duplicate (of the library or an earlier row), or refused and why. */
export function planRows(rows: readonly ParsedRow[], library: readonly LibraryBook[]): RowPlan[] {
  const finder = createDuplicateFinder(library);
  return rows.map((parsed) => planRow(parsed, finder));
}

/** planRows a few milliseconds at a time, giving the event loop back between slices (time-slices.ts). */
export async function planRowsInSlices(
  rows: readonly ParsedRow[],
  library: readonly LibraryBook[],
): Promise<RowPlan[]> {
  const finder = createDuplicateFinder(library);
  const plan: RowPlan[] = [];
  const slices = createTimeSlices();
  for (const parsed of rows) {
    plan.push(planRow(parsed, finder));
    if (slices.due()) await slices.pause();
  }
  return plan;
}

function planRow(parsed: ParsedRow, finder: ReturnType<typeof createDuplicateFinder>): RowPlan {
  if (!parsed.book) return { kind: 'error', row: parsed.row, message: parsed.error ?? 'This row could not be read.' };
  const { input, dateAdded } = parsed.book;
  const book = { isbn: input.isbn ?? null, title: input.title, author: input.author };
  const of = finder.findOrLearn(book, { title: input.title, row: parsed.row });
  if (of) return { kind: 'duplicate', row: parsed.row, input, dateAdded, of };
  return { kind: 'add', row: parsed.row, input, dateAdded };
}
