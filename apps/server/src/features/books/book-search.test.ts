import { describe, expect, it } from 'vitest';
import { prefixTsQuery, searchTextOf } from './book-search.js';

describe('prefixTsQuery', () => {
  it('matches every word by its beginning', () => {
    expect(prefixTsQuery('Great Gats')).toBe('great:* & gats:*');
  });

  it('drops tsquery syntax so no input is an error', () => {
    expect(prefixTsQuery("o'brien & (x | !y):*")).toBe('o:* & brien:* & x:* & y:*');
    expect(prefixTsQuery('  &|!() ')).toBeNull();
  });

  it('keeps letters of any script and digits', () => {
    expect(prefixTsQuery('Гарри 1984 café')).toBe('гарри:* & 1984:* & café:*');
  });
});

describe('searchTextOf', () => {
  it('joins title, author, ISBN and tags in lower case', () => {
    expect(searchTextOf({ title: 'Dune', author: 'Frank Herbert', isbn: '9780441172719', tags: ['Sci-Fi'] })).toBe(
      'dune frank herbert 9780441172719 sci-fi',
    );
  });
});
