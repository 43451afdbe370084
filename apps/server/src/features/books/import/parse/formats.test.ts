import { describe, expect, it } from 'vitest';
import { detectFormat, FORMAT_LABELS } from './formats.js';

const GOODREADS =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies'.split(
    ',',
  );

describe('detectFormat', () => {
  it('knows a Goodreads export, in any column order and case', () => {
    expect(detectFormat(GOODREADS)).toBe('goodreads');
    expect(detectFormat(['exclusive shelf', 'AUTHOR', 'title', 'book id'])).toBe('goodreads');
  });

  it('tells our CSV from Goodreads by the Bookshelf Status column', () => {
    expect(detectFormat([...GOODREADS, 'Bookshelf Status', 'Format', 'Tags'])).toBe('bookshelf-csv');
    expect(detectFormat(['Bookshelf Status', 'Title', 'Author'])).toBe('generic-csv');
  });

  it('knows LibraryThing by its Primary Author', () => {
    expect(detectFormat(['Book Id', 'Title', 'Primary Author', 'Collections', 'ISBNs'])).toBe('librarything');
    expect(detectFormat(['PRIMARY AUTHOR', 'title'])).toBe('librarything');
  });

  it('knows The StoryGraph', () => {
    expect(detectFormat(['Title', 'Authors', 'Contributors', 'ISBN/UID', 'Format', 'Read Status'])).toBe('storygraph');
  });

  it('takes any CSV with a title and an author column as generic', () => {
    expect(detectFormat(['isbn', 'AUTHOR', 'Book Title'])).toBe('generic-csv');
    expect(detectFormat(['Name', 'Author Name'])).toBe('generic-csv');
    expect(detectFormat(['Title', 'Authors'])).toBe('generic-csv');
  });

  it('knows nothing without a title and an author', () => {
    expect(detectFormat(['ISBN', 'Price', 'Condition'])).toBeUndefined();
    expect(detectFormat(['Title', 'ISBN'])).toBeUndefined();
    expect(detectFormat([])).toBeUndefined();
  });

  it('has a label for every format', () => {
    expect(FORMAT_LABELS.goodreads).toBe('Goodreads library export');
    expect(Object.keys(FORMAT_LABELS)).toHaveLength(6);
  });
});
