import { BookLimits, type BookListQuery } from '@bookshelf/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchBooks } from './fetch-books';
import { bookKeys } from './query-keys';

/** The library screen's list: pages of `limit` books fetched as the reader scrolls, with the total. */
export const booksInfiniteQueryOptions = (query: Omit<BookListQuery, 'offset'>) => {
  const limit = query.limit ?? BookLimits.pageSizeDefault;
  return infiniteQueryOptions({
    queryKey: [...bookKeys.lists(), 'infinite', query] as const,
    queryFn: ({ signal, pageParam }) => fetchBooks({ ...query, limit, offset: pageParam }, signal),
    initialPageParam: 0,
    // A broad search counts only so far (totalCapped): there is more while pages come back full.
    getNextPageParam: (last) =>
      (last.totalCapped ? last.items.length === last.limit : last.offset + last.items.length < last.total)
        ? last.offset + last.limit
        : undefined,
    // Typing in the search box must not blank the grid between keystrokes.
    placeholderData: keepPreviousData,
  });
};

export const useInfiniteBooks = (query: Omit<BookListQuery, 'offset'>) =>
  useInfiniteQuery(booksInfiniteQueryOptions(query));
