import { describe, expect, it } from 'vitest';
import {
  effectiveOrder,
  effectiveSort,
  hasActiveFilters,
  parseLibraryParams,
  toBookListQuery,
  withoutFilters,
  withSearch,
  withSort,
} from './library-params';

const parse = (search: string) => parseLibraryParams(new URLSearchParams(search));

describe('library address ↔ filters', () => {
  it('reads every filter, search, sort and order from the address', () => {
    const filters = parse(
      'q=%20dune%20&status=read&format=digital&genre=Sci-Fi&tag=signed&accountId=a1&rating=4&specialEdition=true&sort=title&order=desc',
    );
    expect(toBookListQuery(filters)).toEqual({
      q: 'dune',
      status: 'read',
      format: 'digital',
      genre: 'Sci-Fi',
      tag: 'signed',
      accountId: 'a1',
      rating: 4,
      specialEdition: 'true',
      sort: 'title',
      order: 'desc',
    });
  });

  it('leaves out what is unset or malformed, so the server applies its defaults', () => {
    expect(toBookListQuery(parse(''))).toEqual({});
    expect(
      toBookListQuery(parse('status=gone&format=scroll&rating=9&specialEdition=maybe&sort=size&order=up')),
    ).toEqual({});
    expect(toBookListQuery(parse('genre=%20%20&q=%20'))).toEqual({});
  });

  it('takes the spec’s other spelling of reading', () => {
    expect(parse('status=currently_reading').status).toBe('reading');
  });

  it('keeps rating 0 and specialEdition=false, which are real filters', () => {
    expect(toBookListQuery(parse('rating=0&specialEdition=false'))).toEqual({ rating: 0, specialEdition: 'false' });
  });

  it('sorts by best match only while searching, else by date added; title and author ascend by default', () => {
    expect(effectiveSort(parse(''))).toBe('dateAdded');
    expect(effectiveSort(parse('q=dune'))).toBe('relevance');
    expect(effectiveSort(parse('sort=relevance'))).toBe('dateAdded');
    expect(toBookListQuery(parse('sort=relevance'))).toEqual({});
    expect(effectiveOrder(parse('sort=title'))).toBe('asc');
    expect(effectiveOrder(parse('sort=rating'))).toBe('desc');
    expect(effectiveOrder(parse('sort=title&order=desc'))).toBe('desc');
  });

  it('counts search and filters, not sort, as narrowing the list', () => {
    expect(hasActiveFilters(parse('sort=title&order=asc'))).toBe(false);
    expect(hasActiveFilters(parse('q=x'))).toBe(true);
    expect(hasActiveFilters(parse('rating=0'))).toBe(true);
  });

  it('a new sort starts in its own default direction', () => {
    expect(withSort(new URLSearchParams('sort=title&order=desc&tag=x'), 'rating').toString()).toBe('sort=rating&tag=x');
  });

  it('Clear filters removes search and filters and keeps the sort', () => {
    expect(withoutFilters(new URLSearchParams('q=x&status=read&tag=a&sort=title&order=desc&add=1')).toString()).toBe(
      'sort=title&order=desc&add=1',
    );
    expect(withoutFilters(new URLSearchParams('q=x&sort=relevance')).toString()).toBe('');
  });

  it('a search replaces q only, and an empty one removes it with best-match sorting', () => {
    expect(withSearch(new URLSearchParams('status=read'), ' dune ').toString()).toBe('status=read&q=dune');
    expect(withSearch(new URLSearchParams('q=dune&sort=relevance&status=read'), '  ').toString()).toBe('status=read');
  });
});
