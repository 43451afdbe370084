import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** Adds a book with a purchase through the Add New Book dialog, and opens its details. */
async function addPurchasedBook(
  page: Page,
  book: { title: string; platform: string; customPlatform?: string; price: string; currency?: string; date: string },
) {
  await page.goto('/books?add=1');
  const dialog = page.getByRole('dialog', { name: 'Add New Book' });
  await dialog.getByLabel('Title').fill(book.title);
  await dialog.getByLabel('Author').fill('Money Author');
  await dialog.getByLabel('Add purchase information').check();
  await dialog.getByLabel('Platform').selectOption(book.platform);
  if (book.customPlatform) await dialog.getByLabel('Custom platform name').fill(book.customPlatform);
  if (book.currency) await dialog.getByLabel('Currency', { exact: true }).selectOption(book.currency);
  await dialog.getByLabel('Price').fill(book.price);
  await dialog.getByLabel('Purchase date').fill(book.date);
  await dialog.getByRole('button', { name: 'Add Book' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('money', () => {
  test('a purchase in USD shows in the base currency INR, with the rate and the date in its tooltip', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/settings?tab=currency');
    const base = page.getByLabel('Base currency', { exact: true });
    await base.selectOption('INR');
    await expect(base).toHaveValue('INR');

    const title = `Dollar Book ${Date.now().toString(36)}`;
    // Barnes & Noble's default currency is USD (core.md §9): choosing it sets the currency.
    await addPurchasedBook(page, { title, platform: 'Barnes & Noble', price: '10', date: '2024-05-03' });
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const price = page.getByRole('region', { name: 'Purchase' }).getByText('₹832.50');
    await expect(price).toBeVisible();
    await expect(page.getByText('($10.00)')).toBeVisible();
    // A tap (or Tab) focuses the label, which shows the tooltip on phones as hovering does with a mouse.
    await price.click();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('1 USD = 83.2500 INR (fixed rate)');
    await expect(tooltip).toContainText('Purchased May 3, 2024');
    await expect(tooltip).toContainText('Converted to your base currency (INR)');

    // The dashboard values the library in the base currency; the Spending page counts the purchase.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Library value' }).getByText('₹832.50').first()).toBeVisible();
    await page.getByRole('link', { name: 'View spending' }).click();
    await expect(page).toHaveURL(/\/spending$/);
    const total = page.getByText('Total spent').locator('..');
    await expect(total).toContainText('₹832.50');

    // The choice is the reader's, on the server: another base currency shows the same price converted anew.
    await page.goto('/settings?tab=currency');
    await page.getByLabel('Base currency', { exact: true }).selectOption('USD');
    await page.getByLabel('Show currency codes').check();
    await page.goBack();
    await page.goto('/books');
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Purchase' }).getByText('$10.00 USD')).toBeVisible();
  });

  test('a platform named with Other (Specify) is offered first next time, with its currency', async ({
    page,
    login,
  }) => {
    await login();
    const shop = `Corner Shop ${Date.now().toString(36)}`;
    await addPurchasedBook(page, {
      title: `Shop Book ${Date.now().toString(36)}`,
      platform: 'Other (Specify)',
      customPlatform: shop,
      currency: 'GBP',
      price: '7.5',
      date: '2024-02-01',
    });

    await page.goto('/settings?tab=currency');
    await expect(page.getByRole('region', { name: 'Your platforms' }).getByText(shop)).toBeVisible();

    await page.goto('/books?add=1');
    const dialog = page.getByRole('dialog', { name: 'Add New Book' });
    await dialog.getByLabel('Add purchase information').check();
    const platform = dialog.getByLabel('Platform');
    await expect(platform.locator('option').nth(1)).toHaveText(shop);
    await platform.selectOption(shop);
    await expect(dialog.getByLabel('Currency', { exact: true })).toHaveValue('GBP');
  });
});
