import type { BookListQuery } from '@bookshelf/contract';

/**
 * One tree of query keys for the library: a change to any book invalidates `bookKeys.all`, which refreshes
 * every list, the facets and the open details at once.
 */
export const bookKeys = {
  all: ['books'] as const,
  lists: () => ['books', 'list'] as const,
  list: (query: BookListQuery) => ['books', 'list', query] as const,
  facets: () => ['books', 'facets'] as const,
  detail: (id: string) => ['books', 'detail', id] as const,
};

/** Imports sit outside `books`: a change to a book must not refetch every import. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  one: (id: string) => ['imports', 'one', id] as const,
};
