import {
  BOOK_FORMATS,
  BOOK_SORTS,
  defaultBookOrder,
  effectiveBookSort,
  parseBookStatus,
  SORT_ORDERS,
  type BookFormat,
  type BookListQuery,
  type BookSort,
  type BookStatus,
  type SortOrder,
} from '@bookshelf/contract';

/**
 * The library screen's state in its address (/books?q=&status=&…): filters, search and sort live in the URL so
 * Back, reload and a shared link all show the same list. Pure functions, no React, no zod.
 */

export interface LibraryFilters {
  q: string;
  status: BookStatus | null;
  format: BookFormat | null;
  genre: string | null;
  tag: string | null;
  accountId: string | null;
  rating: number | null;
  specialEdition: boolean | null;
  /** As written in the URL; null means the server's default (see effectiveSort). */
  sort: BookSort | null;
  order: SortOrder | null;
}

/** The URL parameters that narrow the list (everything but search, sort and order). */
export const FILTER_KEYS = ['status', 'format', 'genre', 'tag', 'accountId', 'rating', 'specialEdition'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const RATING_OPTIONS = [5, 4, 3, 2, 1] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const text = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Reads the filters from the address; anything unknown or malformed is ignored rather than sent. */
export function parseLibraryParams(params: URLSearchParams): LibraryFilters {
  const rawStatus = params.get('status');
  const rating = Number(params.get('rating') ?? '');
  const special = params.get('specialEdition');
  return {
    q: params.get('q')?.trim() ?? '',
    status: parseBookStatus(rawStatus),
    format: oneOf(BOOK_FORMATS, params.get('format')),
    genre: text(params.get('genre')),
    tag: text(params.get('tag')),
    accountId: text(params.get('accountId')),
    rating: params.get('rating') && Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : null,
    specialEdition: special === 'true' ? true : special === 'false' ? false : null,
    sort: oneOf(BOOK_SORTS, params.get('sort')),
    order: oneOf(SORT_ORDERS, params.get('order')),
  };
}

/** The sort the list is in: relevance only makes sense while searching (the server's default then). */
export const effectiveSort = (filters: Pick<LibraryFilters, 'q' | 'sort'>): BookSort =>
  effectiveBookSort(filters.q, filters.sort);

export const effectiveOrder = (filters: Pick<LibraryFilters, 'q' | 'sort' | 'order'>): SortOrder =>
  filters.order ?? defaultBookOrder(effectiveSort(filters));

/** The GET /api/books query for these filters, without paging; defaults are left to the server. */
export function toBookListQuery(filters: LibraryFilters): Omit<BookListQuery, 'offset'> {
  const query: Omit<BookListQuery, 'offset'> = {};
  if (filters.q) query.q = filters.q;
  if (filters.status) query.status = filters.status;
  if (filters.format) query.format = filters.format;
  if (filters.genre) query.genre = filters.genre;
  if (filters.tag) query.tag = filters.tag;
  if (filters.accountId) query.accountId = filters.accountId;
  if (filters.rating !== null) query.rating = filters.rating;
  if (filters.specialEdition !== null) query.specialEdition = filters.specialEdition ? 'true' : 'false';
  const sort = effectiveSort(filters);
  if (filters.sort && sort === filters.sort) query.sort = sort;
  if (filters.order) query.order = filters.order;
  return query;
}

/** Whether anything narrows the list (search included): an empty answer is then "no match", not "no books". */
export const hasActiveFilters = (filters: LibraryFilters): boolean =>
  Boolean(filters.q) || FILTER_KEYS.some((key) => filters[key] !== null);

export const activeFilterCount = (filters: LibraryFilters): number =>
  FILTER_KEYS.filter((key) => filters[key] !== null).length;

/** A copy of `params` with `key` set to `value`, or removed when the value is empty. */
export function withParam(params: URLSearchParams, key: string, value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  return next;
}

/** A new sort starts in its own default direction. */
export function withSort(params: URLSearchParams, sort: BookSort): URLSearchParams {
  const next = withParam(params, 'sort', sort);
  next.delete('order');
  return next;
}

/** Clear filters: search and every filter go, the chosen sort stays. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('q');
  for (const key of FILTER_KEYS) next.delete(key);
  if (next.get('sort') === 'relevance') next.delete('sort');
  return next;
}

export { withSearch } from './search-param';
