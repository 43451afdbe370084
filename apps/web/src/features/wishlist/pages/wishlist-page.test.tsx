import { apiError, json, network, noContent } from '../../../test/fake-network';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  fixedRatesInto,
  MoneyPaths,
  WishlistPaths,
  type MoneyPreferences,
  type PublicWishlistBook,
  type SavedPriceAlert,
  type Wishlist,
  type WishlistBook,
} from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderWithApp } from '../../../test/render-with-app';
import { SharedWishlistPage } from './shared-wishlist-page';
import { WishlistPage } from './wishlist-page';

const book = (n: number, over: Partial<WishlistBook> = {}): WishlistBook => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Book ${n}`,
  author: 'Someone',
  coverUrl: null,
  format: 'physical',
  genre: null,
  publishedYear: null,
  rating: null,
  dateAdded: '2026-01-01T00:00:00.000Z',
  purchaseInfo: null,
  priceHistory: [],
  ...over,
});

const wishlist = (books: WishlistBook[], over: Partial<Wishlist> = {}): Wishlist => ({
  books,
  count: books.length,
  estimatedValue: 15 * books.length,
  currency: 'INR',
  sharing: { isPublic: false, token: null },
  ...over,
});

const cardTitles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

function renderPage(answer: Wishlist, alerts: SavedPriceAlert[] = []) {
  network.answer(`GET ${WishlistPaths.wishlist}`, answer);
  network.answer(`GET ${WishlistPaths.alerts}`, alerts);
  return renderWithApp(<WishlistPage />, { route: '/wishlist' });
}

describe('WishlistPage', () => {
  it('asks for the value only once the base currency is settled, and in it: a new en-US reader sees $ first (issue 27)', async () => {
    localStorage.clear();
    let release = () => {};
    const unset: MoneyPreferences = {
      ...DEFAULT_DISPLAY_PREFERENCES,
      baseCurrency: null,
      customPlatforms: [],
      ratesSource: 'fixed',
    };
    network.answer(
      `GET ${MoneyPaths.preferences}`,
      () => new Promise((resolve) => (release = () => resolve(json(unset)))),
    );
    network.answer(`PATCH ${MoneyPaths.preferences}`, { ...unset, baseCurrency: 'USD' });
    network.answer(`GET ${MoneyPaths.rates}`, {
      base: 'USD',
      source: 'fixed',
      date: null,
      rates: fixedRatesInto('USD'),
    });
    // The server counts in what it is asked; its stored base (INR until the guess is saved) never shows.
    network.answer(`GET ${WishlistPaths.wishlist}`, (request) => {
      const currency = new URLSearchParams(request.search).get('currency') ?? 'INR';
      const priced = book(1, {
        purchaseInfo: {
          platform: 'Foyles',
          price: 95,
          currency: 'GBP',
          sellerName: null,
          purchaseDate: '2020-01-01',
          condition: null,
          notes: null,
        },
      });
      return json(wishlist([priced], { currency, estimatedValue: currency === 'USD' ? 120.05 : 9994 }));
    });
    network.answer(`GET ${WishlistPaths.alerts}`, []);
    renderWithApp(<WishlistPage />, { route: '/wishlist' });
    expect(await screen.findByLabelText('Loading your wishlist')).toBeTruthy();
    expect(network.requests(`GET ${WishlistPaths.wishlist}`)).toHaveLength(0);

    release();
    expect(await screen.findByText('1 book · Estimated value $120.05')).toBeTruthy();
    expect(network.requests(`GET ${WishlistPaths.wishlist}`).map((r) => r.search)).toEqual(['?currency=USD']);
    expect(screen.queryByText(/₹/)).toBeNull();
    // The card converts at today's rate, as the value does, so the cards add up to the header.
    expect(await screen.findByText('$120.05', { selector: 'span' })).toBeTruthy();
    expect(network.requests(`GET ${MoneyPaths.rates}`).map((r) => r.search)).toEqual(['?base=USD']);
  });

  it('shows count, value, the first 6 as High Priority and the rest below', async () => {
    const books = Array.from({ length: 8 }, (_, i) => book(i + 1));
    renderPage(wishlist(books, { estimatedValue: 60.5 }));
    expect(await screen.findByText('8 books · Estimated value ₹60.50')).toBeTruthy();
    const high = screen.getByRole('region', { name: 'High Priority' });
    expect(cardTitles(high)).toEqual(['Book 1', 'Book 2', 'Book 3', 'Book 4', 'Book 5', 'Book 6']);
    expect(cardTitles(screen.getByRole('region', { name: 'All Wishlist Books' }))).toEqual(['Book 7', 'Book 8']);
    expect(screen.getByText('Total Books')).toBeTruthy();
    expect(screen.getByText('Estimated Value')).toBeTruthy();
  });

  it('shows the empty state with Add to Wishlist opening the add dialog with status wishlist', async () => {
    renderPage(wishlist([], { estimatedValue: 0 }));
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    const [add] = screen.getAllByRole('link', { name: 'Add to Wishlist' });
    fireEvent.click(add!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/wishlist?add=wishlist'));
  });

  it('moves a book down, saves the whole order and announces it', async () => {
    renderPage(wishlist([book(1), book(2), book(3)]));
    network.answer(`PUT ${WishlistPaths.order}`, noContent());
    fireEvent.click(await screen.findByRole('button', { name: 'Move Book 1 down' }));
    await waitFor(() => expect(network.requests(`PUT ${WishlistPaths.order}`)).toHaveLength(1));
    const [sent] = network.requests(`PUT ${WishlistPaths.order}`);
    expect(sent!.body).toEqual({ bookIds: [book(2).id, book(1).id, book(3).id] });
    expect(screen.getByText('Book 1 moved to position 2 of 3.')).toBeTruthy();
  });

  it('puts the old order back when saving it fails', async () => {
    renderPage(wishlist([book(1), book(2)]));
    network.answer(`PUT ${WishlistPaths.order}`, apiError(500, 'Boom'));
    const high = await screen.findByRole('region', { name: 'High Priority' });
    fireEvent.click(screen.getByRole('button', { name: 'Move Book 2 up' }));
    await waitFor(() => expect(getToasts().some((t) => t.title === 'Could not save the new order')).toBe(true));
    await waitFor(() => expect(cardTitles(high)).toEqual(['Book 1', 'Book 2']));
  });

  it('sets a price alert from a card: target, currency and platforms', async () => {
    renderPage(
      wishlist([
        book(1, {
          purchaseInfo: {
            platform: 'Powells Books',
            price: 12,
            currency: 'USD',
            sellerName: null,
            purchaseDate: null,
            condition: null,
            notes: null,
          },
        }),
      ]),
    );
    network.answer(`POST ${WishlistPaths.alerts}`, (request) =>
      json(
        {
          id: 'a1',
          createdAt: '2026-01-01T00:00:00.000Z',
          triggeredAt: null,
          triggeredPrice: null,
          ...(request.body as object),
        },
        201,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Set a price alert for Book 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set price alert' });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    fireEvent.change(within(dialog).getByLabelText('Target price'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set alert' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(network.requests(`POST ${WishlistPaths.alerts}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Target price'), { target: { value: '9.99' } });
    fireEvent.change(within(dialog).getByLabelText('Platforms (optional)'), {
      target: { value: 'Amazon.in, , Flipkart' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set price alert' })).toBeNull());
    expect(network.requests(`POST ${WishlistPaths.alerts}`)[0]!.body).toEqual({
      bookId: book(1).id,
      targetPrice: 9.99,
      currency: 'USD',
      platforms: ['Amazon.in', 'Flipkart'],
    });
  });

  it('marks a book whose price alert triggered', async () => {
    const alert: SavedPriceAlert = {
      id: 'a1',
      bookId: book(1).id,
      targetPrice: 400,
      currency: 'INR',
      platforms: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      triggeredAt: '2026-02-01T00:00:00.000Z',
      triggeredPrice: 380,
    };
    renderPage(wishlist([book(1), book(2)]), [alert]);
    const high = await screen.findByRole('region', { name: 'High Priority' });
    const [first, second] = within(high).getAllByRole('listitem');
    await waitFor(() => expect(within(first!).getByText(/Price alert triggered/).textContent).toContain('₹380.00'));
    expect(within(second!).queryByText(/Price alert triggered/)).toBeNull();
  });
});

describe('SharedWishlistPage', () => {
  const renderShared = () =>
    renderWithApp(
      <Routes>
        <Route path="/wishlist/:token" element={<SharedWishlistPage />} />
      </Routes>,
      { route: '/wishlist/tok' },
    );

  it('shows the owner’s books read-only', async () => {
    network.answer(`GET ${WishlistPaths.shared('tok')}`, {
      ownerName: 'Priya',
      count: 1,
      estimatedValue: 10.5,
      currency: 'INR',
      books: [
        {
          title: 'Wanted',
          author: 'Someone',
          coverUrl: null,
          format: 'physical',
          genre: 'Poetry',
          publishedYear: null,
          price: { platform: 'Amazon.in', price: 10.5, currency: 'INR', convertedAmount: 10.5 },
        },
      ],
    });
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Priya’s Wishlist' })).toBeTruthy();
    expect(screen.getByText('1 book · Estimated value ₹10.50')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows each price in the header’s currency, the original in brackets, so the cards add up to the header', async () => {
    const shared = (title: string, price: PublicWishlistBook['price']): PublicWishlistBook => ({
      title,
      author: 'Someone',
      coverUrl: null,
      format: 'physical',
      genre: null,
      publishedYear: null,
      price,
    });
    network.answer(`GET ${WishlistPaths.shared('tok')}`, {
      ownerName: 'Priya',
      count: 4,
      // 63.41 + 2,178.00 + 1,234.50 + 15: the cards' figures, added.
      estimatedValue: 3490.91,
      currency: 'USD',
      books: [
        shared('Euros', { platform: 'Thalia', price: 54.95, currency: 'EUR', convertedAmount: 63.41 }),
        shared('Yen', { platform: 'Kinokuniya', price: 324000, currency: 'JPY', convertedAmount: 2178 }),
        shared('Dollars', { platform: 'Powells Books', price: 1234.5, currency: 'USD', convertedAmount: 1234.5 }),
        shared('No price', null),
      ],
    });
    renderShared();
    // The page's language (en) writes every amount, the yen's and the euro's too.
    expect(await screen.findByText('4 books · Estimated value $3,490.91')).toBeTruthy();
    const cards = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(cards[0]).toContain('$63.41 (€54.95) at Thalia');
    expect(cards[1]).toContain('$2,178.00 (¥324,000.00) at Kinokuniya');
    // The header's own currency needs no brackets.
    expect(cards[2]).toContain('$1,234.50 at Powells Books');
    expect(cards[3]).toContain('No price yet (counted as 15)');
  });

  it('says Not found for a link that was turned off or replaced', async () => {
    network.answer(`GET ${WishlistPaths.shared('tok')}`, json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    renderShared();
    expect(await screen.findByRole('heading', { name: 'Wishlist not found' })).toBeTruthy();
  });
});
