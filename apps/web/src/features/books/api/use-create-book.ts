import {
  BookPaths,
  bookFromCreateRequest,
  defaultBookOrder,
  effectiveBookSort,
  normalizeStatus,
  type Book,
  type BookFacets,
  type BookList,
  type BookListQuery,
  type CreateBookRequest,
  type FacetCount,
} from '@bookshelf/contract';
import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadBookSchema } from './use-book';
import { bookKeys } from './query-keys';

export const createBook = (body: CreateBookRequest) => api(BookPaths.list, loadBookSchema, { method: 'POST', body });

/** Ids of books shown before the server has answered; they never leave the browser. */
export const TEMP_BOOK_PREFIX = 'temp-';
export const isTempBook = (id: string) => id.startsWith(TEMP_BOOK_PREFIX);

/**
 * Whether a new book belongs at the top of a cached list: newest-first order, no search (relevance is the
 * server's to judge) and every filter of the list matching the book.
 */
export function belongsAtTop(book: Book, query: BookListQuery): boolean {
  if (query.q) return false;
  const sort = effectiveBookSort(query.q, query.sort);
  if (sort !== 'dateAdded' || (query.order ?? defaultBookOrder(sort)) !== 'desc') return false;
  if (query.status && normalizeStatus(query.status) !== book.status) return false;
  if (query.format && query.format !== book.format) return false;
  if (query.genre && query.genre.toLowerCase() !== (book.genre ?? '').toLowerCase()) return false;
  if (query.tag && !book.tags.some((t) => t.toLowerCase() === query.tag!.toLowerCase())) return false;
  if (query.accountId && query.accountId !== book.accountId) return false;
  if (query.rating !== undefined && query.rating !== (book.rating ?? 0)) return false;
  if (query.specialEdition && (query.specialEdition === 'true') !== (book.specialEdition !== null)) return false;
  return true;
}

type ListData = BookList | InfiniteData<BookList, number>;

const isInfinite = (data: ListData): data is InfiniteData<BookList, number> => 'pages' in data;

/** The list query's filters, from either key shape: ['books','list',q] or ['books','list','infinite',q]. */
const queryOfKey = (key: QueryKey): BookListQuery => {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null ? last : {};
};

function withBookOnTop(data: ListData, book: Book): ListData {
  if (isInfinite(data)) {
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return {
      ...data,
      pages: [
        { ...first, items: [book, ...first.items], total: first.total + 1 },
        ...rest.map((page) => ({ ...page, total: page.total + 1 })),
      ],
    };
  }
  if (data.offset !== 0) return { ...data, total: data.total + 1 };
  return { ...data, items: [book, ...data.items], total: data.total + 1 };
}

function replaceBook(data: ListData, id: string, book: Book): ListData {
  const swap = (list: BookList) => ({ ...list, items: list.items.map((b) => (b.id === id ? book : b)) });
  return isInfinite(data) ? { ...data, pages: data.pages.map(swap) } : swap(data);
}

function bump(counts: FacetCount[], value: string | null): FacetCount[] {
  if (!value) return counts;
  const found = counts.some((c) => c.value === value);
  const next = found
    ? counts.map((c) => (c.value === value ? { ...c, count: c.count + 1 } : c))
    : [...counts, { value, count: 1 }];
  return next.sort((a, b) => b.count - a.count);
}

/** The facet counts with one more book in them. */
export function facetsWithBook(facets: BookFacets, book: Book): BookFacets {
  return {
    total: facets.total + 1,
    status: bump(facets.status, book.status),
    format: bump(facets.format, book.format),
    genre: bump(facets.genre, book.genre),
    tag: book.tags.reduce(bump, facets.tag),
    account: bump(facets.account, book.accountId),
  };
}

interface CreateContext {
  tempId: string;
  snapshots: [QueryKey, unknown][];
}

let tempCounter = 0;

/**
 * Adds a book. It shows at the top of the cached lists (and in the facet counts) at once, is put back the
 * way it was if the server refuses, and is swapped for the server's book on success; every list, the facets
 * and open details refetch afterwards either way.
 */
export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation<Book, Error, CreateBookRequest, CreateContext>({
    mutationFn: createBook,
    onMutate: async (request) => {
      // A refetch landing after this point would overwrite the optimistic book.
      await queryClient.cancelQueries({ queryKey: bookKeys.lists() });
      await queryClient.cancelQueries({ queryKey: bookKeys.facets() });
      tempCounter += 1;
      const tempId = `${TEMP_BOOK_PREFIX}${Date.now()}-${tempCounter}`;
      // The book the server is expected to answer with: the contract's mapping, which the server applies too.
      const book = bookFromCreateRequest(request, tempId, new Date());
      const lists = queryClient.getQueriesData<ListData>({ queryKey: bookKeys.lists() });
      const facets = queryClient.getQueryData<BookFacets>(bookKeys.facets());
      const snapshots: [QueryKey, unknown][] = [...lists, [bookKeys.facets(), facets]];
      for (const [key, data] of lists) {
        if (data && belongsAtTop(book, queryOfKey(key))) queryClient.setQueryData(key, withBookOnTop(data, book));
      }
      if (facets) queryClient.setQueryData(bookKeys.facets(), facetsWithBook(facets, book));
      return { tempId, snapshots };
    },
    onError: (_error, _request, context) => {
      for (const [key, data] of context?.snapshots ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (book, _request, context) => {
      queryClient.setQueryData(bookKeys.detail(book.id), book);
      for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: bookKeys.lists() })) {
        if (data) queryClient.setQueryData(key, replaceBook(data, context.tempId, book));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookKeys.all }),
  });
}
