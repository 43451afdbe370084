import { describe, expect, it } from 'vitest';
import { searchTextOf, searchWords } from './book-search.js';

describe('searchWords', () => {
  it('splits on anything but letters and digits, so no input is a tsquery syntax error', () => {
    expect(searchWords("o'brien & (x | !y):*")).toEqual(['o', 'brien', 'x', 'y']);
    expect(searchWords('  &|!() ')).toEqual([]);
  });

  it('keeps letters of any script and digits, in lower case', () => {
    expect(searchWords('Гарри 1984 Café')).toEqual(['гарри', '1984', 'café']);
  });
});

describe('searchTextOf', () => {
  it('joins title, author, ISBN and tags in lower case', () => {
    expect(searchTextOf({ title: 'Dune', author: 'Frank Herbert', isbn: '9780441172719', tags: ['Sci-Fi'] })).toBe(
      'dune frank herbert 9780441172719 sci-fi',
    );
  });
});
