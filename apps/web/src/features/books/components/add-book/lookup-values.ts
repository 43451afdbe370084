import { normalizeIsbn, type IsbnLookup } from '@bookshelf/contract';
import { emptyBookFormValues, type BookFormValues } from '../book-form/book-form-values';

/**
 * The book form prefilled from a lookup, for the reader to review before saving: the description goes into
 * the notes (there is no other place for it yet), the chosen cover is the server's stored copy.
 */
export function formValuesFromLookup(found: IsbnLookup, coverUrl: string | null): BookFormValues {
  const empty = emptyBookFormValues();
  return {
    ...empty,
    title: found.title,
    author: found.author,
    isbn: normalizeIsbn(found.isbn) ?? found.isbn,
    coverUrl: coverUrl ?? '',
    genre: found.genre ?? '',
    publisher: found.publisher ?? '',
    publishedYear: found.publishedYear === null ? '' : String(found.publishedYear),
    pages: found.pages === null ? '' : String(found.pages),
    notes: found.description ?? '',
  };
}
