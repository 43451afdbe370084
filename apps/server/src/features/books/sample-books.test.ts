import { CreateBookRequestSchema, normalizeIsbn } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BOOKS } from './sample-books.js';

describe('the sample library', () => {
  it.each(SAMPLE_BOOKS.map((book) => [book.title, book] as const))(
    '%s is a book the API itself would accept',
    (_, book) => {
      expect(CreateBookRequestSchema.safeParse(book).error?.issues).toBeUndefined();
    },
  );

  it('gives every book a real ISBN, stored as its ISBN-13', () => {
    for (const book of SAMPLE_BOOKS) expect(normalizeIsbn(book.isbn ?? '')).toBe(book.isbn);
  });
});
