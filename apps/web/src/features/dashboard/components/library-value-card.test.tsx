import { network } from '../../../test/fake-network';
import { AnalyticsMessages, AnalyticsPaths, type LibraryValue } from '@bookshelf/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { LibraryValueCard } from './library-value-card';

const VALUE = `GET ${AnalyticsPaths.libraryValue}`;
// In pounds, from four currencies: the card lists the largest three.
const value: LibraryValue = {
  totalInBaseCurrency: 142.6,
  baseCurrency: 'GBP',
  currencyBreakdown: [
    { currency: 'GBP', amount: 80, convertedAmount: 80, rate: 1, count: 4 },
    { currency: 'USD', amount: 50, convertedAmount: 39.57, rate: 0.791374, count: 2 },
    { currency: 'EUR', amount: 25, convertedAmount: 21.5, rate: 0.859792, count: 1 },
    { currency: 'CAD', amount: 2.5, convertedAmount: 1.53, rate: 0.611111, count: 1 },
  ],
  conversionDate: '2025-06-01',
  ratesSource: 'ecb',
  bookCount: 8,
};

describe('LibraryValueCard', () => {
  it('shows the total in the base currency, the three largest currencies and the way to Spending', async () => {
    network.answer(VALUE, value);
    renderWithApp(<LibraryValueCard />);
    const card = screen.getByRole('region', { name: 'Library value' });
    expect(await within(card).findByText('£142.60')).toBeTruthy();
    expect(within(card).getByText(/8 books\. Converted to your base currency \(GBP\)\./)).toBeTruthy();
    const currencies = within(within(card).getByRole('list', { name: 'Largest currencies' })).getAllByRole('listitem');
    expect(currencies.map((item) => item.textContent)).toEqual([
      'GBP £80.00£80.00',
      'USD $50.00£39.57',
      'EUR €25.00£21.50',
    ]);
    expect(within(card).getByRole('link', { name: 'View spending' }).getAttribute('href')).toBe('/spending');
  });

  it('says when no purchase is recorded', async () => {
    network.answer(VALUE, { ...value, totalInBaseCurrency: 0, currencyBreakdown: [], bookCount: 0 });
    renderWithApp(<LibraryValueCard />);
    expect(await screen.findByText(new RegExp(AnalyticsMessages.empty))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Largest currencies' })).toBeNull();
  });
});
