import { NEW_BOOK_DEFAULTS } from '@bookshelf/contract';
import type { BookValues, StoredBook } from '../books.repository.js';

/** Fields a merge may fill: those the library book leaves empty. Money stays the reader's. */
const FILLABLE = [
  'isbn',
  'coverUrl',
  'bindingType',
  'genre',
  'publishedYear',
  'originalPublishedYear',
  'publisher',
  'pages',
  'rating',
  'notes',
  'review',
] as const;

/**
 * The reading states a file may bring to a library book still at the default status (owned): a book added by
 * ISBN lookup is "owned" because nobody said otherwise, and the file's Read shelf is the reader saying so.
 * Wishlist and lent are not reading states, and a library copy someone owns is not turned into a wish.
 */
const READING_STATES: ReadonlySet<string> = new Set(['reading', 'read']);

/** What a merge reads of the library's copy. */
export type MergeTarget = Pick<
  StoredBook,
  (typeof FILLABLE)[number] | 'format' | 'tags' | 'status' | 'dateRead' | 'dateAdded'
>;

/**
 * What merging an imported book into the library's copy changes (issue 27: skipping lost what the reader
 * gave): every empty field it fills; the file's reading state and date read where the library has only the
 * defaults (owned, no date read); the file's date added when earlier (the day the reader first shelved it);
 * and the tags it adds (ignoring case). Empty when it adds nothing, so importing the same file twice changes
 * nothing.
 */
export function mergeValues(current: MergeTarget, incoming: Partial<BookValues>): Partial<BookValues> {
  const changes: Partial<BookValues> = {};
  for (const field of FILLABLE) {
    const value = incoming[field];
    if ((current[field] === null || current[field] === '') && value !== null && value !== undefined) {
      (changes as Record<string, unknown>)[field] = value;
    }
  }
  // A binding only belongs to a physical book (core.md §4).
  if (changes.bindingType && current.format !== 'physical') delete changes.bindingType;
  if (current.status === NEW_BOOK_DEFAULTS.status && incoming.status && READING_STATES.has(incoming.status)) {
    changes.status = incoming.status;
  }
  // A date read belongs to a read book only (core.md §4), the library's or the one the merge makes read.
  if ((changes.status ?? current.status) === 'read' && current.dateRead === null && incoming.dateRead) {
    changes.dateRead = incoming.dateRead;
  }
  if (incoming.dateAdded && incoming.dateAdded.getTime() < current.dateAdded.getTime()) {
    changes.dateAdded = incoming.dateAdded;
  }
  const known = new Set(current.tags.map((t) => t.toLowerCase()));
  const newTags = (incoming.tags ?? []).filter((t) => !known.has(t.toLowerCase()));
  if (newTags.length) changes.tags = [...current.tags, ...newTags].slice(0, 50);
  return changes;
}

/** A book about to be inserted, as a merge would find it (the create defaults where the values say nothing). */
export const asMergeTarget = (values: BookValues, now: Date): MergeTarget => ({
  isbn: values.isbn ?? null,
  coverUrl: values.coverUrl ?? null,
  bindingType: values.bindingType ?? null,
  genre: values.genre ?? null,
  publishedYear: values.publishedYear ?? null,
  originalPublishedYear: values.originalPublishedYear ?? null,
  publisher: values.publisher ?? null,
  pages: values.pages ?? null,
  rating: values.rating ?? null,
  notes: values.notes ?? null,
  review: values.review ?? null,
  format: values.format ?? NEW_BOOK_DEFAULTS.format,
  tags: values.tags ?? [],
  status: values.status ?? NEW_BOOK_DEFAULTS.status,
  dateRead: values.dateRead ?? null,
  dateAdded: values.dateAdded ?? now,
});

/**
 * How many of these merges would change their book, each applied after the ones before it (two rows of the
 * same book: the second changes only what the first left). What the import's button counts.
 */
export function countChangingMerges(
  merges: readonly { target: string; values: Partial<BookValues> }[],
  targets: Map<string, MergeTarget>,
): number {
  let changing = 0;
  for (const { target, values } of merges) {
    const current = targets.get(target);
    if (!current) continue;
    const changes = mergeValues(current, values);
    if (Object.keys(changes).length === 0) continue;
    changing += 1;
    targets.set(target, { ...current, ...changes });
  }
  return changing;
}
