import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { genericRows } from './generic.js';
import { parseImportFile } from './parse-import.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the generic CSV fixture', () => {
  const { format, rows } = parseImportFile(fixture('generic.csv'), 'my books.csv');

  it('is read as a generic CSV, whatever the order and case of its columns', () => {
    expect(format).toBe('generic-csv');
    expect(rows).toHaveLength(4);
  });

  it('maps what it finds and ignores the extra column', () => {
    expect(rows[0]).toEqual({
      row: 2,
      book: {
        input: {
          title: 'The Hunger Games',
          author: 'Suzanne Collins',
          isbn: '9780439023481',
          format: 'physical',
          rating: 5,
          status: 'read',
          dateRead: '2019-05-03',
          pages: 374,
          tags: ['ya', 'dystopia'],
        },
      },
    });
  });

  it('leaves a list of authors alone but turns Last, First around', () => {
    expect(rows[1]?.book?.input).toMatchObject({ author: 'Neil Gaiman, Terry Pratchett', status: 'wishlist' });
  });

  it('leaves the status to the default when there is none', () => {
    expect(rows[2]?.book?.input).toMatchObject({ title: 'Dune', isbn: '9780441172719', tags: ['sci-fi'] });
    expect(rows[2]?.book?.input.status).toBeUndefined();
  });

  it('refuses a page count that is not a number', () => {
    expect(rows[3]).toEqual({ row: 5, error: 'Pages must be a whole number from 1 to 100000.' });
  });
});

describe('genericRows', () => {
  it('reads the other columns it knows', () => {
    const rows = genericRows({
      header: [
        'Name',
        'Author Name',
        'ISBN-13',
        'Publisher',
        'Year Published',
        'Genre',
        'Notes',
        'Review',
        'Date Added',
      ],
      records: [['Emma', 'Austen, Jane', '978-0-14-143958-7', 'Penguin', '1815', 'Classic', 'n', 'r', '2020-01-02']],
    });
    expect(rows[0]?.book).toEqual({
      input: {
        title: 'Emma',
        author: 'Jane Austen',
        isbn: '9780141439587',
        format: 'physical',
        publisher: 'Penguin',
        publishedYear: 1815,
        genre: 'Classic',
        notes: 'n',
        review: 'r',
        tags: [],
      },
      dateAdded: '2020-01-02T00:00:00.000Z',
    });
  });

  it.each([
    ['owned', 'owned'],
    ['Wishlist', 'wishlist'],
    ['want to read', 'wishlist'],
    ['currently_reading', 'reading'],
    ['Currently Reading', 'reading'],
    ['read', 'read'],
    ['lent', 'lent'],
    ['on the moon', undefined],
  ])('reads status %j', (word, status) => {
    const rows = genericRows({ header: ['Title', 'Author', 'Status'], records: [['T', 'A', word]] });
    expect(rows[0]?.book?.input.status).toBe(status);
  });

  it('takes a date read without a status as read', () => {
    const rows = genericRows({ header: ['Title', 'Author', 'Date Read'], records: [['T', 'A', '3 May 2019']] });
    expect(rows[0]?.book?.input).toMatchObject({ status: 'read', dateRead: '2019-05-03' });
  });
});
