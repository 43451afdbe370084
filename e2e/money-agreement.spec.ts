import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// A new American reader: the base currency is the browser's guess, USD, saved on the first visit (core.md §9).
test.use({ locale: 'en-US' });

const headers = { 'x-requested-with': 'e2e' };

/** Dollars as an English page writes them, worked out here rather than by the app's own formatter. */
const usd = (amount: number) =>
  `$${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

async function addBook(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/books', { headers, data: { author: 'Agreement', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The dollars of the wishlist cards that show a converted price ("$63.41 (€54.95)"), in their order. */
async function convertedCards(page: Page): Promise<number[]> {
  const cards = page.getByRole('listitem').filter({ hasText: /\$[\d,]+\.\d\d \(/ });
  await expect(cards).toHaveCount(3);
  return (await cards.allTextContents()).map((text) =>
    Number(/\$([\d,]+\.\d\d) \(/.exec(text)![1]!.replaceAll(',', '')),
  );
}

/** Amounts added in cents, as a reader adding the cards up would. */
const addedToCents = (amounts: number[]) => amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;

/** Records whether a rupee sign was ever on screen, from the first paint on. */
async function watchForRupees(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { sawRupee: boolean };
    w.sawRupee = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('₹')) w.sawRupee = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test.describe('money agrees on every screen (issue 27)', () => {
  test('one library in six currencies: book pages, wishlist, dashboard and Spending show the API’s figures', async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(120_000);
    await watchForRupees(page);
    await login();
    const r = page.request;
    const tag = Date.now().toString(36);
    const buy = (platform: string, price: number, currency: string, purchaseDate: string) => ({
      platform,
      price,
      currency,
      purchaseDate,
    });
    const dune = await addBook(r, { title: `Dune ${tag}`, purchaseInfo: buy('Foyles', 95, 'GBP', '2024-06-03') });
    const wood = await addBook(r, {
      title: `Norwegian Wood ${tag}`,
      purchaseInfo: buy('Kinokuniya', 1980, 'JPY', '2024-03-01'),
    });
    const momo = await addBook(r, { title: `Momo ${tag}`, purchaseInfo: buy('Thalia', 3.29, 'EUR', '2024-02-29') });
    await addBook(r, { title: `Cloudstreet ${tag}`, purchaseInfo: buy('Dymocks', 32.99, 'AUD', '2024-04-12') });
    await addBook(r, { title: `Fifth Business ${tag}`, purchaseInfo: buy('Indigo', 32.99, 'CAD', '2023-11-30') });
    await addBook(r, { title: `Godaan ${tag}`, purchaseInfo: buy('Amazon.in', 299, 'INR', '2024-01-20') });
    for (const [title, purchaseInfo] of [
      ['Wanted in euros', { platform: 'Thalia', price: 54.95, currency: 'EUR' }],
      ['Wanted in pounds', { platform: 'Foyles', price: 20.5, currency: 'GBP' }],
      ['Wanted in yen', { platform: 'Kinokuniya', price: 3300, currency: 'JPY' }],
      ['Wanted, no price', undefined],
    ] as const) {
      await addBook(r, { title: `${title} ${tag}`, status: 'wishlist', ...(purchaseInfo ? { purchaseInfo } : {}) });
    }

    // The first visit: the wishlist's value is in dollars from its first figure, never in rupees first.
    await page.goto('/wishlist');
    const header = page.getByText(/^4 books · Estimated value /);
    await expect(header).toHaveText(/Estimated value \$/);
    const wishlist = await getJson<{ estimatedValue: number; currency: string }>(r, '/api/wishlist?currency=USD');
    await expect(header).toHaveText(`4 books · Estimated value ${usd(wishlist.estimatedValue)}`);
    // Its cards add up to it: each price at today's rate, 15 for the book without one.
    const cardDollars = await convertedCards(page);
    expect(addedToCents([...cardDollars, 15])).toBe(wishlist.estimatedValue);
    expect(await page.evaluate(() => (window as unknown as { sawRupee: boolean }).sawRupee)).toBe(false);

    // Its share link, opened signed out: the same header, and the same cards in its currency adding up to it.
    // The page is in the owner's stored base currency: wait until the first visit's guess is saved.
    await expect
      .poll(async () => (await getJson<{ baseCurrency: string | null }>(r, '/api/money/preferences')).baseCurrency)
      .toBe('USD');
    const shared = await r.post('/api/wishlist/share', { headers });
    expect(shared.status(), await shared.text()).toBe(200);
    const { token } = (await shared.json()) as { token: string };
    const visitor = await browser.newContext({ locale: 'en-US' });
    try {
      const stranger = await visitor.newPage();
      await stranger.goto(`/wishlist/${token}`);
      await expect(stranger.getByText(/^4 books · Estimated value /)).toHaveText(
        `4 books · Estimated value ${usd(wishlist.estimatedValue)}`,
      );
      expect(await convertedCards(stranger)).toEqual(cardDollars);
      await expect(stranger.getByRole('listitem').filter({ hasText: `Wanted in euros ${tag}` })).toContainText(
        '(€54.95) at Thalia',
      );
      await expect(stranger.getByRole('listitem').filter({ hasText: `Wanted, no price ${tag}` })).toContainText(
        'No price yet (counted as 15)',
      );
    } finally {
      await visitor.close();
    }

    // Book pages: the price at its purchase day's rate, in dollars, the original in brackets written in English.
    const spending = await getJson<{
      totalSpent: number;
      spendingByPlatform: Record<string, number>;
    }>(r, '/api/analytics/spending?baseCurrency=USD');
    await page.goto(`/books/${dune}`);
    const purchase = page.getByRole('region', { name: 'Purchase' });
    await expect(purchase.getByText(usd(spending.spendingByPlatform.Foyles!))).toBeVisible();
    await expect(purchase.getByText(usd(120.05))).toBeVisible(); // the issue's £95, not $120.65
    await expect(purchase.getByText('(£95.00)')).toBeVisible();

    await page.goto(`/books/${wood}`);
    const yen = page.getByRole('region', { name: 'Purchase' }).getByText(usd(spending.spendingByPlatform.Kinokuniya!));
    await expect(yen).toBeVisible();
    await expect(page.getByText('(¥1,980.00)')).toBeVisible();
    await yen.click();
    await expect(page.getByRole('tooltip')).toContainText('1 JPY = 0.0067 USD');

    await page.goto(`/books/${momo}`);
    await expect(page.getByRole('region', { name: 'Purchase' }).getByText('(€3.29)')).toBeVisible();

    // The dashboard's card and Spending: the library value and the spending the API reports, to the cent.
    const value = await getJson<{ totalInBaseCurrency: number }>(r, '/api/analytics/library-value?baseCurrency=USD');
    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'Library value' }).getByText(usd(value.totalInBaseCurrency)).first(),
    ).toBeVisible();

    await page.goto('/spending');
    await expect(page.getByText('Total spent').locator('..')).toContainText(usd(spending.totalSpent));
    const platforms = page.getByRole('figure', { name: 'Spending by platform' });
    await expect(platforms.getByRole('row', { name: /Foyles/ })).toContainText(
      usd(spending.spendingByPlatform.Foyles!),
    );
    const breakdown = page.getByRole('region', { name: 'Library value by currency' });
    await expect(breakdown.getByRole('row', { name: /^Total/ })).toContainText(usd(value.totalInBaseCurrency));
    // Every purchase is older than a year: the month chart says so rather than drawing nothing.
    await expect(page.getByText('No purchases in the last 12 months.')).toBeVisible();
    // The table fits a phone or scrolls inside a region the keyboard reaches (axe's scrollable-region-focusable).
    await breakdown.focus();
    await expect(breakdown).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'Spending');
  });
});
