import type { BookList } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { testBook } from '../../../test/fixtures';
import { booksInfiniteQueryOptions } from './use-infinite-books';

const next = (page: BookList) => {
  const options = booksInfiniteQueryOptions({ q: 'the', limit: 2 });
  return options.getNextPageParam(page, [page], page.offset, [page.offset]);
};
const page = (count: number, offset: number, extra: Partial<BookList> = {}): BookList => ({
  items: Array.from({ length: count }, () => testBook()),
  total: 5,
  limit: 2,
  offset,
  ...extra,
});

describe('library pages', () => {
  it('stops at the counted total', () => {
    expect(next(page(2, 0))).toBe(2);
    expect(next(page(1, 4))).toBeUndefined();
  });

  it('past a capped count, goes on while pages come back full', () => {
    expect(next(page(2, 4, { totalCapped: true }))).toBe(6);
    expect(next(page(1, 6, { totalCapped: true }))).toBeUndefined();
  });
});
