import { describe, expect, it } from 'vitest';
import { bookFromCreateRequest, toPurchaseInfo } from './book-create.js';
import { defaultBookOrder, effectiveBookSort, normalizeStatus, parseBookStatus } from './book-rules.js';
import { BookSchema } from './books.js';
import { OTHER_PLATFORM } from './platforms.js';

const now = new Date('2026-03-01T10:00:00.000Z');

describe('a new book from a create request', () => {
  it('takes the defaults of core.md §4 and cleans what it is given, as the server stores it', () => {
    const book = bookFromCreateRequest(
      { title: ' Dune ', author: 'Frank Herbert ', isbn: '0-441-17271-7', genre: '  ', tags: ['SF', 'sf', ' x '] },
      'id-1',
      now,
    );
    expect(BookSchema.parse(book)).toEqual(book);
    expect(book).toMatchObject({
      id: 'id-1',
      title: 'Dune',
      author: 'Frank Herbert',
      isbn: '9780441172719',
      genre: null,
      status: 'owned',
      format: 'physical',
      accountId: 'default-personal',
      dateAdded: now.toISOString(),
      dateRead: null,
      tags: ['SF', 'x'],
    });
  });

  it('stores currently_reading as reading, and dates a book added as read', () => {
    expect(bookFromCreateRequest({ title: 'T', author: 'A', status: 'currently_reading' }, 'i', now).status).toBe(
      'reading',
    );
    expect(bookFromCreateRequest({ title: 'T', author: 'A', status: 'read' }, 'i', now).dateRead).toBe(
      now.toISOString(),
    );
  });

  it('names the platform a buyer typed for Other (Specify)', () => {
    expect(
      toPurchaseInfo({ platform: OTHER_PLATFORM, customPlatform: ' Market ', price: 5, currency: 'USD' }).platform,
    ).toBe('Market');
  });
});

describe('status aliases and default order', () => {
  it('reads a status from text with its alias, and nothing else', () => {
    expect(parseBookStatus('currently_reading')).toBe('reading');
    expect(parseBookStatus('lent')).toBe('lent');
    expect(parseBookStatus('toString')).toBeNull();
    expect(parseBookStatus(null)).toBeNull();
    expect(normalizeStatus('currently_reading')).toBe('reading');
  });

  it('sorts by relevance only while searching, newest first otherwise, titles and authors A→Z', () => {
    expect(effectiveBookSort('', undefined)).toBe('dateAdded');
    expect(effectiveBookSort('dune', undefined)).toBe('relevance');
    expect(effectiveBookSort(undefined, 'relevance')).toBe('dateAdded');
    expect(effectiveBookSort('dune', 'title')).toBe('title');
    expect(defaultBookOrder('title')).toBe('asc');
    expect(defaultBookOrder('author')).toBe('asc');
    expect(defaultBookOrder('dateAdded')).toBe('desc');
  });
});
