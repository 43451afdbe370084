import { apiError, json, network } from '../../../test/fake-network';
import { BookPaths } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerMoneyPreferences } from '../../../test/money';
import { testBook } from '../components/details/test-book';
import { BookSummaryPage } from './book-summary-page';

function renderSummary(entry: InitialEntry) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/books/:id/summary" element={<BookSummaryPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const book = testBook({ status: 'read', dateRead: '2025-06-15T09:30:00.000Z', review: 'A thaw of a book.' });
const path = `/books/${book.id}/summary`;

describe('BookSummaryPage', () => {
  it('shows the overview: history, dates, notes, review, purchase and value, edition, progress', async () => {
    network.answer(`GET ${BookPaths.one(book.id)}`, () => json(book));
    answerMoneyPreferences({ baseCurrency: 'INR' });
    renderSummary(path);
    expect(await screen.findByRole('heading', { level: 1, name: book.title })).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'Status history' }));
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Added Mar 1, 2025',
      'Finished Jun 15, 2025',
    ]);
    expect(screen.getByText('Lent by Sam.')).toBeTruthy();
    expect(screen.getByText('A thaw of a book.')).toBeTruthy();
    const money = within(screen.getByRole('region', { name: 'Purchase and value' }));
    // In the reader's base currency, so shown as it is: no conversion, no brackets.
    expect(await money.findByText('₹499.00')).toBeTruthy();
    expect(money.getByText('₹650.00')).toBeTruthy();
    expect(money.getByText('Up ₹151.00 (+30%)')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Special edition' })).getByText('Folio Society')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Reading progress' }).textContent).toContain('once a file is linked');
  });

  it('leaves the difference out across currencies, goes back to the details with the origin, and prints', async () => {
    network.answer(`GET ${BookPaths.one(book.id)}`, () =>
      json({ ...book, currentValue: { amount: 9, currency: 'USD' } }),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderSummary({ pathname: path, state: { originPath: '/dashboard', originName: 'Dashboard' } });
    await screen.findByRole('heading', { level: 1, name: book.title });
    expect(screen.queryByText('Change in value')).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to details' }).getAttribute('href')).toBe(`/books/${book.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says the book was not found', async () => {
    network.answer(`GET ${BookPaths.one(book.id)}`, apiError(404, 'Book not found.', 'NOT_FOUND'));
    renderSummary(path);
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
  });
});
