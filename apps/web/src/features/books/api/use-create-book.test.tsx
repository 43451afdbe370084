import { apiError, deferred, json, network } from '../../../test/fake-network';
import type { BookFacets, BookList, CreateBookRequest } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sampleBook } from '../components/book-form/sample-book';
import { bookKeys } from './query-keys';
import { belongsAtTop, isTempBook, useCreateBook } from './use-create-book';

const existing = { ...sampleBook, id: '22222222-2222-4222-8222-222222222222', title: 'Emma' };
const list: BookList = { items: [existing], total: 1, limit: 50, offset: 0 };
const facets: BookFacets = {
  total: 1,
  status: [{ value: 'read', count: 1 }],
  format: [{ value: 'physical', count: 1 }],
  genre: [],
  tag: [],
  account: [{ value: 'default-personal', count: 1 }],
};
const infiniteKey = [...bookKeys.lists(), 'infinite', {}] as const;
const readKey = bookKeys.list({ status: 'read' });
const request: CreateBookRequest = { title: 'Dune', author: 'Frank Herbert', tags: ['space'] };

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData<InfiniteData<BookList, number>>(infiniteKey, { pages: [list], pageParams: [0] });
  queryClient.setQueryData(readKey, list);
  queryClient.setQueryData(bookKeys.facets(), facets);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCreateBook(), { wrapper });
  const firstPage = () => queryClient.getQueryData<InfiniteData<BookList, number>>(infiniteKey)!.pages[0]!;
  return { queryClient, result, firstPage };
}

describe('useCreateBook', () => {
  it('shows the new book at the top of matching lists and in the facets before the server answers', async () => {
    const pending = deferred();
    network.answer('POST /api/books', pending.answer);
    const { queryClient, result, firstPage } = setup();
    act(() => result.current.mutate(request));
    await waitFor(() => expect(firstPage().items).toHaveLength(2));
    const [temp] = firstPage().items;
    expect(isTempBook(temp!.id)).toBe(true);
    expect(temp).toMatchObject({ title: 'Dune', status: 'owned', tags: ['space'] });
    expect(firstPage().total).toBe(2);
    // A list filtered to read books does not get an owned book.
    expect(queryClient.getQueryData<BookList>(readKey)!.items).toHaveLength(1);
    const bumped = queryClient.getQueryData<BookFacets>(bookKeys.facets())!;
    expect(bumped.total).toBe(2);
    expect(bumped.status).toEqual([
      { value: 'read', count: 1 },
      { value: 'owned', count: 1 },
    ]);
    expect(bumped.tag).toEqual([{ value: 'space', count: 1 }]);

    const saved = { ...sampleBook, id: '33333333-3333-4333-8333-333333333333', title: 'Dune', status: 'owned' };
    network.answer('GET /api/books', list);
    network.answer('GET /api/books/facets', facets);
    pending.release(json(saved, 201));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(bookKeys.detail(saved.id))).toEqual(saved);
  });

  it('puts the lists and facets back when the server refuses', async () => {
    const pending = deferred();
    network.answer('POST /api/books', pending.answer);
    const { queryClient, result, firstPage } = setup();
    act(() => result.current.mutate(request));
    await waitFor(() => expect(firstPage().items).toHaveLength(2));
    pending.release(apiError(400, 'Invalid body.title: Title is required.', 'VALIDATION_ERROR'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(firstPage().items.map((b) => b.id)).toEqual([existing.id]);
    expect(firstPage().total).toBe(1);
    expect(queryClient.getQueryData(bookKeys.facets())).toEqual(facets);
  });
});

describe('belongsAtTop', () => {
  it('is false while searching or sorting other than newest first', () => {
    expect(belongsAtTop(sampleBook, {})).toBe(true);
    expect(belongsAtTop(sampleBook, { q: 'dune' })).toBe(false);
    expect(belongsAtTop(sampleBook, { sort: 'title' })).toBe(false);
    expect(belongsAtTop(sampleBook, { sort: 'dateAdded', order: 'asc' })).toBe(false);
    expect(belongsAtTop(sampleBook, { status: 'currently_reading' })).toBe(false);
    expect(belongsAtTop(sampleBook, { tag: 'CLASSIC', specialEdition: 'false' })).toBe(true);
  });
});
