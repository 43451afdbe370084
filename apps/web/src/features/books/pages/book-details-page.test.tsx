import { apiError, json, network, noContent } from '../../../test/fake-network';
import { AccountPaths, BookPaths, type Book } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts } from '../../../lib/toast';
import { testAccounts, testBook } from '../components/details/test-book';
import { BookDetailsPage } from './book-details-page';

afterEach(() => getToasts().forEach((t) => dismissToast(t.id)));

function Where() {
  const { pathname, state } = useLocation();
  return <output data-testid="where">{`${pathname} ${JSON.stringify(state ?? null)}`}</output>;
}

function renderDetails(entry: InitialEntry) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/books/:id" element={<BookDetailsPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { where: () => screen.getByTestId('where').textContent };
}

/** A server with one book: GET answers it, PATCH applies the changes (read sets dateRead, as the server does). */
function serveBook(initial: Book) {
  let book = initial;
  network.answer(`GET ${AccountPaths.list}`, testAccounts);
  network.answer(`GET ${BookPaths.one(book.id)}`, () => json(book));
  network.answer(`PATCH ${BookPaths.one(book.id)}`, (request) => {
    const changes = request.body as Partial<Book>;
    book = { ...book, ...changes };
    if (changes.status) book.dateRead = changes.status === 'read' ? '2025-06-15T09:30:00.000Z' : null;
    return json(book);
  });
  return () => book;
}

const book = testBook();
const path = `/books/${book.id}`;

describe('BookDetailsPage', () => {
  it('shows every field of the book', async () => {
    serveBook(book);
    renderDetails(path);
    expect(await screen.findByRole('heading', { level: 1, name: book.title })).toBeTruthy();
    expect(screen.getByText('by Ursula K. Le Guin')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('owned');
    expect(screen.getByRole('radio', { name: '4 stars', checked: true })).toBeTruthy();
    const details = within(screen.getByRole('region', { name: 'Details' }));
    for (const text of [
      'Physical · Paperback',
      'Science Fiction',
      '1969',
      'Ace Books',
      '304',
      '9780441478125',
      'classics, hainish',
      'Mar 1, 2025',
    ]) {
      expect(details.getByText(text)).toBeTruthy();
    }
    expect(await details.findByText('Personal Collection')).toBeTruthy();
    expect(screen.getByText('Lent by Sam.')).toBeTruthy();
    expect(screen.getByText('No review yet.')).toBeTruthy();
    const purchase = within(screen.getByRole('region', { name: 'Purchase' }));
    // Amounts wait for the base currency to be the reader's (the money settings' answer).
    expect(await purchase.findByText('₹499.00')).toBeTruthy();
    for (const text of ['Amazon.in', 'Book Nook', 'Dec 24, 2024', 'Like New']) {
      expect(purchase.getByText(text)).toBeTruthy();
    }
    const edition = within(screen.getByRole('region', { name: 'Special edition' }));
    for (const text of ['Folio Society', 'Illustrated by David Lupton', 'Yes', '1st/1st', 'Limited to 750 copies']) {
      expect(edition.getByText(text)).toBeTruthy();
    }
    const value = within(screen.getByRole('region', { name: 'Value' }));
    expect(await value.findByText('₹650.00')).toBeTruthy();
    expect(value.getByRole('row', { name: 'Jan 10, 2025 ₹550.00 Flipkart' })).toBeTruthy();
  });

  it('changes the status to read and shows the date read the server answered', async () => {
    serveBook(book);
    renderDetails(path);
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'read' } });
    expect(await screen.findByText('Read on Jun 15, 2025')).toBeTruthy();
    expect(network.requests(`PATCH ${BookPaths.one(book.id)}`).map((r) => r.body)).toEqual([{ status: 'read' }]);
  });

  it('rates in place, and clicking the current rating clears it', async () => {
    serveBook(book);
    renderDetails(path);
    fireEvent.click(await screen.findByRole('radio', { name: '2 stars' }));
    expect(await screen.findByRole('radio', { name: '2 stars', checked: true })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('radio', { name: '2 stars' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(await screen.findByText('Not rated')).toBeTruthy();
    expect(network.requests(`PATCH ${BookPaths.one(book.id)}`).map((r) => r.body)).toEqual([
      { rating: 2 },
      { rating: 0 },
    ]);
  });

  it('edits the review in place: Ctrl+Enter saves, Escape cancels', async () => {
    serveBook(book);
    renderDetails(path);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit review' }));
    const box = screen.getByLabelText('Review');
    fireEvent.change(box, { target: { value: 'A thaw of a book.' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('A thaw of a book.')).toBeTruthy();
    expect(network.requests(`PATCH ${BookPaths.one(book.id)}`).map((r) => r.body)).toEqual([
      { review: 'A thaw of a book.' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit notes' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'changed' } });
    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'Escape' });
    expect(screen.getByText('Lent by Sam.')).toBeTruthy();
    expect(network.requests(`PATCH ${BookPaths.one(book.id)}`)).toHaveLength(1);
  });

  it('goes back to the origin it was opened from, and keeps it on the Summary link', async () => {
    serveBook(book);
    const origin = { originPath: '/dashboard', originName: 'Dashboard' };
    renderDetails({ pathname: path, state: origin });
    const back = await screen.findByRole('link', { name: '← Back to Dashboard' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    fireEvent.click(await screen.findByRole('link', { name: 'Summary' }));
    expect(screen.getByTestId('where').textContent).toBe(`${path}/summary ${JSON.stringify(origin)}`);
  });

  it('goes back to the Library by default', async () => {
    serveBook(book);
    renderDetails(path);
    expect((await screen.findByRole('link', { name: '← Back to Library' })).getAttribute('href')).toBe('/books');
  });

  it('deletes after confirming, returns to the origin and offers Undo', async () => {
    serveBook(book);
    network.answer(`DELETE ${BookPaths.one(book.id)}`, noContent());
    network.answer(`POST ${BookPaths.restore}`, { count: 1 });
    const { where } = renderDetails({ pathname: path, state: { originPath: '/wishlist', originName: 'Wishlist' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete "${book.title}"?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/wishlist null'));
    expect(network.requests(`DELETE ${BookPaths.one(book.id)}`)).toHaveLength(1);
    // Deleted: the details are not asked for again.
    expect(network.requests(`GET ${BookPaths.one(book.id)}`)).toHaveLength(1);

    const deleted = getToasts().find((t) => t.title === `Deleted "${book.title}"`);
    expect(deleted?.action?.label).toBe('Undo');
    act(() => deleted?.action?.onClick());
    await waitFor(() => expect(getToasts().some((t) => t.title === `Restored "${book.title}"`)).toBe(true));
    expect(network.requests(`POST ${BookPaths.restore}`).map((r) => r.body)).toEqual([{ ids: [book.id] }]);
  });

  it('gives focus back to the button that opened Edit Book, and to Delete after Cancel', async () => {
    serveBook(book);
    renderDetails(path);
    const edit = await screen.findByRole('button', { name: 'Edit' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Book' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(edit));

    const remove = screen.getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    const confirm = await screen.findByRole('dialog', { name: `Delete "${book.title}"?` });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
  });

  it('says the book was not found, with a link to the library', async () => {
    network.answer(`GET ${BookPaths.one('gone')}`, apiError(404, 'Book not found.', 'NOT_FOUND'));
    renderDetails('/books/gone');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your library' }).getAttribute('href')).toBe('/books');
  });

  it('says the book was not found when the address holds no book id at all (400 on params.id)', async () => {
    const issues = [{ path: 'params.id', message: 'Must be a UUID.' }];
    network.answer(
      `GET ${BookPaths.one('not-an-id')}`,
      json({ error: { code: 'VALIDATION_ERROR', message: 'Invalid params.id: Must be a UUID.', issues } }, 400),
    );
    renderDetails('/books/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
  });

  it('offers Retry when the book could not load', async () => {
    network.answer(`GET ${BookPaths.one(book.id)}`, apiError(500, 'Something broke.'));
    renderDetails(path);
    expect((await screen.findByRole('alert')).textContent).toContain('Something broke.');
    serveBook(book);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: book.title })).toBeTruthy();
  });
});
