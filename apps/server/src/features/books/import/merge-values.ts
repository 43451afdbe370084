import type { BookValues, StoredBook } from '../books.repository.js';

/** Fields a merge may fill: those the library book leaves empty. Status, dates and money stay the reader's. */
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
 * What merging an imported book into the library's copy changes: every empty field it fills, and the tags it
 * adds (ignoring case); empty when it adds nothing, so importing the same file twice changes nothing.
 */
export function mergeValues(current: StoredBook, incoming: Partial<BookValues>): Partial<BookValues> {
  const changes: Partial<BookValues> = {};
  for (const field of FILLABLE) {
    const value = incoming[field];
    if ((current[field] === null || current[field] === '') && value !== null && value !== undefined) {
      (changes as Record<string, unknown>)[field] = value;
    }
  }
  // A binding only belongs to a physical book (core.md §4).
  if (changes.bindingType && current.format !== 'physical') delete changes.bindingType;
  const known = new Set(current.tags.map((t) => t.toLowerCase()));
  const newTags = (incoming.tags ?? []).filter((t) => !known.has(t.toLowerCase()));
  if (newTags.length) changes.tags = [...current.tags, ...newTags].slice(0, 50);
  return changes;
}
