import { apiError, json, network, type FakeRequest } from '../../../test/fake-network';
import type { Account, Book, BookFacets, BookState } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LibrarySearch, SEARCH_DEBOUNCE_MS } from '../components/library-search';
import { testAccount, testBook, testJob } from '../../../test/fixtures';
import { renderApp, testMe } from '../../../test/render-app';
import { LIBRARY_VIEW_KEY } from '../lib/library-view';
import { LibraryPage } from './library-page';

beforeAll(async () => {
  // The fetchers load these on the first answer; loaded up front so findBy timeouts do not race them.
  await Promise.all([import('../api/schemas'), import('../../../lib/account-list-schema')]);
});

beforeAll(() => {
  // jsdom does not scroll; the virtualizer scrolls a focused book into view.
  window.scrollTo = () => undefined;
});

afterEach(() => localStorage.clear());

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const makeBook = (n: number, overrides: Partial<Book> = {}): Book =>
  testBook({ id: uuid(n), title: `Book ${n}`, author: `Author ${n}`, ...overrides });

const makeAccount = (id: string, name: string): Account =>
  testAccount({ id, name, isDefault: id === 'default-personal' });

const FACETS: BookFacets = {
  total: 6,
  status: [
    { value: 'owned', count: 3 },
    { value: 'read', count: 2 },
    { value: 'reading', count: 1 },
  ],
  format: [
    { value: 'physical', count: 4 },
    { value: 'digital', count: 2 },
  ],
  genre: [{ value: 'Fantasy', count: 4 }],
  tag: [{ value: 'favourite', count: 2 }],
  account: [
    { value: 'default-personal', count: 5 },
    { value: 'acc-kindle', count: 1 },
  ],
};

const EMPTY_FACETS: BookFacets = { total: 0, status: [], format: [], genre: [], tag: [], account: [] };

/** GET /api/books answers `books` page by page, as the server would. */
function answerBooks(books: Book[]) {
  network.answer('GET /api/books', (request: FakeRequest) => {
    const params = new URLSearchParams(request.search);
    const limit = Number(params.get('limit') ?? 50);
    const offset = Number(params.get('offset') ?? 0);
    return json({ items: books.slice(offset, offset + limit), total: books.length, limit, offset });
  });
}

function setup({
  books = [1, 2, 3, 4, 5, 6].map((n) => makeBook(n)),
  facets = FACETS,
  route = '/books',
  list,
}: { books?: Book[]; facets?: BookFacets; route?: string; list?: () => Response } = {}) {
  if (list) network.answer('GET /api/books', list);
  else answerBooks(books);
  network.answer('GET /api/books/facets', facets);
  network.answer('GET /api/accounts', [
    makeAccount('default-personal', 'Personal Collection'),
    makeAccount('acc-kindle', 'My Kindle'),
  ]);
  return renderApp({
    route,
    me: testMe,
    ui: (
      <>
        <LibrarySearch />
        <LibraryPage />
      </>
    ),
  });
}

const grid = () => screen.getByRole('grid', { name: 'Books' });
const cell = (title: string) =>
  within(grid())
    .getAllByRole('gridcell')
    .find((c) => within(c).queryByRole('link', { name: title })) as HTMLElement;
/** The Undo button of the toast titled `title` (toasts of earlier tests may still be leaving). */
const undoIn = async (title: string) =>
  within((await screen.findByText(title)).closest('[role="status"]') as HTMLElement).getByRole('button', {
    name: 'Undo',
  });

const lastListQuery = () => {
  const requests = network.requests('GET /api/books');
  const params = new URLSearchParams(requests.at(-1)?.search);
  params.delete('limit');
  params.delete('offset');
  return params.toString();
};

describe('library screen', () => {
  it('shows the title, the count and each book with its status, format and rating', async () => {
    setup({ books: [makeBook(1, { title: 'Dune', status: 'read', rating: 4, format: 'digital' }), makeBook(2)] });
    expect(screen.getByRole('heading', { name: 'My Library' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Dune' });
    expect(screen.getByText('2 books')).toBeTruthy();
    const dune = cell('Dune');
    expect(within(dune).getByText('Read')).toBeTruthy();
    expect(within(dune).getByText('Digital')).toBeTruthy();
    expect(within(dune).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(dune).getByRole('link', { name: 'Dune' }).getAttribute('href')).toBe(`/books/${uuid(1)}`);
    // The server's signed-in shell preloads exactly this address (apps/server/src/platform/signed-in-shells.ts).
    expect(network.requests('GET /api/books')[0]?.search).toBe('?limit=50&offset=0');
  });

  it('a broad search that the server counted only so far shows the count with a plus', async () => {
    setup({
      route: '/books?q=the',
      facets: { ...FACETS, total: 100_000 },
      list: () => json({ items: [makeBook(1), makeBook(2)], total: 1000, totalCapped: true, limit: 50, offset: 0 }),
    });
    await screen.findByRole('link', { name: 'Book 1' });
    expect(screen.getByText('1000+ of 100000 books')).toBeTruthy();
  });

  it('status chips show facet counts; filters and sort go into the address and the request', async () => {
    const { location } = setup();
    await screen.findByRole('link', { name: 'Book 1' });
    const chips = screen.getByRole('group', { name: 'Status' });
    expect(await within(chips).findByRole('button', { name: 'All 6' })).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Read 2' })).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Lent 0' })).toBeTruthy();
    // The name is the chip's own text, count included (WCAG 2.5.3): no aria-label that says something else.
    const all = within(chips).getByRole('button', { name: 'All 6' });
    expect(all.hasAttribute('aria-label')).toBe(false);
    expect(all.textContent).toBe('All 6');

    fireEvent.click(within(chips).getByRole('button', { name: 'Read 2' }));
    await waitFor(() => expect(lastListQuery()).toBe('status=read'));
    expect(location()).toBe('/books?status=read');

    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(within(format).getByRole('option', { name: 'Digital (2)' })).toBeTruthy();
    fireEvent.change(format, { target: { value: 'digital' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Genre' }), { target: { value: 'Fantasy' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'favourite' } });
    const account = screen.getByRole('combobox', { name: 'Account' });
    await within(account).findByRole('option', { name: 'My Kindle (1)' });
    fireEvent.change(account, { target: { value: 'acc-kindle' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Rating' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Special edition' }), { target: { value: 'true' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'title' } });
    await waitFor(() =>
      expect(lastListQuery()).toBe(
        'status=read&format=digital&genre=Fantasy&tag=favourite&accountId=acc-kindle&rating=5&specialEdition=true&sort=title',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ascending order' }));
    await waitFor(() => expect(lastListQuery()).toContain('sort=title&order=desc'));
    expect(location()).toContain('order=desc');
  });

  it('reads filters from the address on load, and Clear filters empties a search that matches nothing', async () => {
    network.answer('GET /api/books/facets', FACETS);
    const { location } = setup({ books: [], route: '/books?q=zzz&status=lent&sort=title' });
    await screen.findByRole('heading', { name: 'No books found' });
    expect(lastListQuery()).toBe('q=zzz&status=lent&sort=title');
    fireEvent.click(within(screen.getByRole('heading', { name: 'No books found' }).parentElement!).getByRole('button'));
    await waitFor(() => expect(location()).toBe('/books?sort=title'));
  });

  it('shows an error with Retry when the list cannot load', async () => {
    network.answer('GET /api/books', apiError(500, 'The library is resting.'));
    network.answer('GET /api/books/facets', FACETS);
    renderApp({ route: '/books', me: testMe, ui: <LibraryPage /> });
    expect((await screen.findByRole('alert')).textContent).toContain('The library is resting.');
    answerBooks([makeBook(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Book 1' });
  });

  it('remembers grid or list view', async () => {
    setup();
    await screen.findByRole('link', { name: 'Book 1' });
    expect(grid().dataset.view).toBe('grid');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(grid().dataset.view).toBe('list');
    expect(localStorage.getItem(LIBRARY_VIEW_KEY)).toBe('list');
  });
});

describe('empty library', () => {
  it('offers Add Book and Load sample library, which toasts the count', async () => {
    const { location } = setup({ books: [], facets: EMPTY_FACETS });
    await screen.findByRole('heading', { name: 'Your library is empty' });
    network.answer('POST /api/demo/load', json(testJob(), 202));
    network.answer(
      'GET /api/jobs/job-1',
      json(testJob({ state: 'succeeded', progress: { current: 23, total: 23, phase: null }, result: { added: 23 } })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load sample library' }));
    expect((await screen.findByText('23 books added to your library.')).textContent).toBeTruthy();
    expect(network.requests('POST /api/demo/load')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(location()).toBe('/books?add=1');
  });

  it('shows the server’s message when the sample library is already there', async () => {
    setup({ books: [], facets: EMPTY_FACETS });
    await screen.findByRole('heading', { name: 'Your library is empty' });
    network.answer('POST /api/demo/load', apiError(409, 'The sample library is already in your library.', 'CONFLICT'));
    fireEvent.click(screen.getByRole('button', { name: 'Load sample library' }));
    expect(await screen.findByText('The sample library is already in your library.')).toBeTruthy();
  });
});

describe('bulk actions', () => {
  const previous: BookState[] = [
    { id: uuid(1), status: 'owned', dateRead: null, tags: ['a'] },
    { id: uuid(3), status: 'reading', dateRead: null, tags: [] },
  ];

  async function selectOneAndThree() {
    await screen.findByRole('link', { name: 'Book 1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Book 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Book 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
  }

  it('changes the status of the selected books, and Undo sends back what they were', async () => {
    setup();
    await selectOneAndThree();
    network.answer('POST /api/books/bulk', { updated: 2, previous });
    network.answer('POST /api/books/bulk/revert', { count: 2 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Change status' }), { target: { value: 'read' } });
    const undo = await undoIn('2 books marked Read');
    expect(network.requests('POST /api/books/bulk')[0]?.body).toEqual({ ids: [uuid(1), uuid(3)], status: 'read' });
    expect(screen.queryByText('2 selected')).toBeNull();

    fireEvent.click(undo);
    await screen.findByText('Change undone');
    expect(network.requests('POST /api/books/bulk/revert')[0]?.body).toEqual({ books: previous });
  });

  it('adds a trimmed tag; a blank one cannot be submitted', async () => {
    setup();
    await selectOneAndThree();
    network.answer('POST /api/books/bulk', { updated: 2, previous });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tag to Selected Books' });
    const input = within(dialog).getByPlaceholderText('Enter tag name...');
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Tag' });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(add.disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(network.requests('POST /api/books/bulk')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  signed  ' } });
    fireEvent.click(add);
    await screen.findByText('Tag "signed" added to 2 books');
    expect(network.requests('POST /api/books/bulk')[0]?.body).toEqual({ ids: [uuid(1), uuid(3)], addTag: 'signed' });
  });

  it('removes a tag the selected books carry', async () => {
    setup({ books: [makeBook(1, { tags: ['gift', 'signed'] }), makeBook(2), makeBook(3, { tags: ['signed'] })] });
    await selectOneAndThree();
    network.answer('POST /api/books/bulk', { updated: 2, previous });
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Tag from Selected Books' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Tag' }), { target: { value: 'signed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Tag' }));
    await screen.findByText('Tag "signed" removed from 2 books');
    expect(network.requests('POST /api/books/bulk')[0]?.body).toEqual({ ids: [uuid(1), uuid(3)], removeTag: 'signed' });
  });

  it('deletes the selected books, and Undo restores them', async () => {
    setup();
    await selectOneAndThree();
    network.answer('POST /api/books/bulk/delete', { count: 2 });
    network.answer('POST /api/books/bulk/restore', { count: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const undo = await undoIn('2 books deleted');
    expect(network.requests('POST /api/books/bulk/delete')[0]?.body).toEqual({ ids: [uuid(1), uuid(3)] });
    fireEvent.click(undo);
    await screen.findByText('2 books restored');
    expect(network.requests('POST /api/books/bulk/restore')[0]?.body).toEqual({ ids: [uuid(1), uuid(3)] });
  });

  it('shift-click selects a range, select all takes every loaded book, Escape clears', async () => {
    setup();
    await screen.findByRole('link', { name: 'Book 1' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Book 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Book 5' }), { shiftKey: true });
    expect(screen.getByText('4 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded' }));
    expect(screen.getByText('6 selected')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByText(/selected$/)).toBeNull();
  });
});

describe('keyboard', () => {
  it('arrows move focus between books (one tab stop), Space selects, Enter opens with the origin', async () => {
    const { location } = setup({ route: '/books?status=owned' });
    await screen.findByRole('link', { name: 'Book 1' });
    expect(grid().dataset.columns).toBe('4');
    const tabbable = within(grid())
      .getAllByRole('gridcell')
      .filter((c) => c.tabIndex === 0);
    expect(tabbable).toEqual([cell('Book 1')]);

    act(() => cell('Book 1').focus());
    fireEvent.keyDown(cell('Book 1'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('Book 2'));
    fireEvent.keyDown(cell('Book 2'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('Book 6'));
    expect(cell('Book 6').tabIndex).toBe(0);
    expect(cell('Book 1').tabIndex).toBe(-1);
    fireEvent.keyDown(cell('Book 6'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cell('Book 2'));

    fireEvent.keyDown(cell('Book 2'), { key: ' ' });
    expect(cell('Book 2').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('1 selected')).toBeTruthy();

    fireEvent.keyDown(cell('Book 2'), { key: 'Enter' });
    expect(location()).toBe(`/books/${uuid(2)}`);
  });

  it('in the list view up and down move by one', async () => {
    localStorage.setItem(LIBRARY_VIEW_KEY, 'list');
    setup();
    await screen.findByRole('link', { name: 'Book 1' });
    act(() => cell('Book 1').focus());
    fireEvent.keyDown(cell('Book 1'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('Book 2'));
    fireEvent.keyDown(cell('Book 2'), { key: 'End' });
    expect(document.activeElement).toBe(cell('Book 6'));
  });
});

describe('header search', () => {
  it('filters live on the library: ?q= follows typing after a pause, replacing history', async () => {
    const { location } = setup({ route: '/books?status=owned' });
    await screen.findByRole('link', { name: 'Book 1' });
    const box = screen.getByRole('searchbox', { name: 'Search your library' });
    fireEvent.change(box, { target: { value: 'dun' } });
    expect(location()).toBe('/books?status=owned');
    await waitFor(() => expect(location()).toBe('/books?status=owned&q=dun'), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    await waitFor(() => expect(lastListQuery()).toBe('q=dun&status=owned'));
    // Clear filters empties the box too.
    fireEvent.change(box, { target: { value: 'dune ' } });
    await waitFor(() => expect(location()).toBe('/books?status=owned&q=dune'), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect((box as HTMLInputElement).value).toBe('dune ');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    expect(location()).toBe('/books');
  });
});
