import { apiError, network } from '../../../test/fake-network';
import { AnalyticsMessages, AnalyticsPaths, type LibraryValue, type Spending } from '@bookshelf/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { SpendingPage } from './spending-page';

const SPENDING = `GET ${AnalyticsPaths.spending}`;
const VALUE = `GET ${AnalyticsPaths.libraryValue}`;

const spending: Spending = {
  totalSpent: 3641.5,
  totalSpentByCurrency: { EUR: 20, INR: 1000, USD: 10 },
  averageBookPrice: 910.38,
  spendingByPlatform: { 'Book Depository': 1809, 'Amazon.in': 1000, 'Barnes & Noble': 832.5 },
  spendingByGenre: { Fantasy: 1832.5, 'No genre': 1809 },
  spendingByMonth: { '2024-01': 832.5, '2024-03': 1000, '2025-03': 1809 },
  mostExpensiveBook: {
    id: 'b-momo',
    title: 'Momo',
    author: 'Michael Ende',
    price: 20,
    currency: 'EUR',
    convertedAmount: 1809,
  },
  cheapestBook: {
    id: 'b-dune',
    title: 'Dune',
    author: 'Frank Herbert',
    price: 10,
    currency: 'USD',
    convertedAmount: 832.5,
  },
  baseCurrency: 'INR',
  ratesSource: 'fixed',
  bookCount: 4,
};

const value: LibraryValue = {
  totalInBaseCurrency: 3641.5,
  baseCurrency: 'INR',
  currencyBreakdown: [
    { currency: 'EUR', amount: 20, convertedAmount: 1809, rate: 90.45, count: 1 },
    { currency: 'INR', amount: 1000, convertedAmount: 1000, rate: 1, count: 2 },
    { currency: 'USD', amount: 10, convertedAmount: 832.5, rate: 83.25, count: 1 },
  ],
  conversionDate: '2025-03-15',
  ratesSource: 'fixed',
  bookCount: 4,
};

/** Each row's header and data cells' text, as a screen reader reads the table. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  vi.useRealTimers();
});

describe('SpendingPage', () => {
  it('shows totals, the dearest and cheapest book, and names each chart’s figures for screen readers', async () => {
    network.answer(SPENDING, spending);
    network.answer(VALUE, value);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-20T12:00:00Z'));
    renderWithApp(<SpendingPage />, { route: '/spending' });

    expect(await screen.findByRole('heading', { name: 'Spending', level: 1 })).toBeTruthy();
    expect(await screen.findByText('₹3,641.50', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('₹910.38')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Momo' }).getAttribute('href')).toBe('/books/b-momo');
    expect(screen.getByRole('link', { name: 'Dune' })).toBeTruthy();
    expect(screen.getAllByText(/Converted to your base currency \(INR\)/)).toHaveLength(2);

    // Each chart is a figure named by its caption, with its figures as a table.
    const platforms = screen.getByRole('figure', { name: 'Spending by platform' });
    expect(rowTexts(within(platforms).getByRole('table'))).toEqual([
      ['Platform', 'Amount'],
      ['Book Depository', '₹1,809.00'],
      ['Amazon.in', '₹1,000.00'],
      ['Barnes & Noble', '₹832.50'],
    ]);
    const genres = screen.getByRole('figure', { name: 'Spending by genre' });
    expect(within(genres).getByRole('rowheader', { name: 'No genre' })).toBeTruthy();

    // Months: the last 12 up to this one, quiet ones at 0; all 15 since the first purchase on request.
    const months = screen.getByRole('figure', { name: 'Spending by month (last 12 months)' });
    const amountOf = (month: string) => within(months).getByRole('rowheader', { name: month }).nextSibling?.textContent;
    expect(within(months).getAllByRole('rowheader')).toHaveLength(12);
    expect(amountOf('Mar 2025')).toBe('₹1,809.00');
    expect(amountOf('Apr 2024')).toBe('₹0.00');
    expect(within(months).queryByRole('rowheader', { name: 'Jan 2024' })).toBeNull();
    fireEvent.click(within(months).getByRole('button', { name: 'All 15 months' }));
    expect(within(months).getAllByRole('rowheader')).toHaveLength(15);
    expect(amountOf('Jan 2024')).toBe('₹832.50');
    expect(amountOf('Feb 2024')).toBe('₹0.00');
    expect(within(months).getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed')).toBe('true');

    // The value per currency, its rates with 4 decimals, and whose rates they are.
    const breakdown = screen.getByRole('table', { name: 'Library value by currency' });
    expect(rowTexts(breakdown)).toEqual([
      ['Currency', 'Amount', 'Rate', 'Converted (INR)', 'Books'],
      ['EUR', '€20.00', '90.4500', '₹1,809.00', '1'],
      ['INR', '₹1,000.00', '1.0000', '₹1,000.00', '2'],
      ['USD', '$10.00', '83.2500', '₹832.50', '1'],
      ['Total', '', '₹3,641.50', '4'],
    ]);
    expect(screen.getByText(/Fixed rates \(as of 2025-03-15\)/)).toBeTruthy();
    // On a phone the table scrolls sideways when it cannot fit: the region is named and takes the keyboard.
    const region = screen.getByRole('region', { name: 'Library value by currency' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(breakdown)).toBe(true);
  });

  it('says so when every purchase is older than the last 12 months, and shows them on request (issue 27)', async () => {
    network.answer(SPENDING, { ...spending, spendingByMonth: { '2023-05': 832.5, '2023-11': 2809 } });
    network.answer(VALUE, value);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-20T12:00:00Z'));
    renderWithApp(<SpendingPage />, { route: '/spending' });

    const months = await screen.findByRole('figure', { name: 'Spending by month (last 12 months)' });
    expect(months.textContent).toContain('No purchases in the last 12 months.');
    expect(months.textContent).toContain('Your latest was in Nov 2023: show all 23 months to see it.');
    expect(within(months).queryAllByRole('rowheader')).toHaveLength(0);
    fireEvent.click(within(months).getByRole('button', { name: 'All 23 months' }));
    expect(months.textContent).not.toContain('No purchases');
    expect(within(months).getByRole('rowheader', { name: 'Nov 2023' }).nextSibling?.textContent).toBe('₹2,809.00');
  });

  it('says which day’s central-bank rates valued the library', async () => {
    network.answer(SPENDING, { ...spending, ratesSource: 'ecb' });
    network.answer(VALUE, { ...value, ratesSource: 'ecb', conversionDate: '2025-03-14' });
    renderWithApp(<SpendingPage />);
    expect(await screen.findByText(/European Central Bank reference rates of 2025-03-14/)).toBeTruthy();
    expect(screen.getByText(/European Central Bank reference rates of each purchase date/)).toBeTruthy();
  });

  it('shows an empty state with a hint when no purchase is recorded', async () => {
    network.answer(SPENDING, {
      ...spending,
      totalSpent: 0,
      totalSpentByCurrency: {},
      averageBookPrice: 0,
      spendingByPlatform: {},
      spendingByGenre: {},
      spendingByMonth: {},
      mostExpensiveBook: null,
      cheapestBook: null,
      bookCount: 0,
    });
    network.answer(VALUE, { ...value, totalInBaseCurrency: 0, currencyBreakdown: [], bookCount: 0 });
    renderWithApp(<SpendingPage />);
    expect(await screen.findByText(AnalyticsMessages.empty)).toBeTruthy();
    expect(screen.getByText(AnalyticsMessages.emptyHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to library' }).getAttribute('href')).toBe('/books');
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows a skeleton while loading, then an error with Retry that loads again', async () => {
    network.answer(SPENDING, apiError(503, 'The server is busy.'));
    network.answer(VALUE, value);
    renderWithApp(<SpendingPage />);
    expect(screen.getByRole('status').textContent).toContain('Loading spending…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your spending.');
    network.answer(SPENDING, spending);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('figure', { name: 'Spending by platform' })).toBeTruthy();
  });

  it('asks for the amounts in the base currency', async () => {
    network.answer(SPENDING, spending);
    network.answer(VALUE, value);
    renderWithApp(<SpendingPage />);
    await screen.findByRole('figure', { name: 'Spending by platform' });
    expect(network.requests(SPENDING)[0]!.search).toMatch(/^\?baseCurrency=[A-Z]{3}$/);
  });
});
