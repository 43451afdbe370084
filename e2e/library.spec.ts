import { expect, test } from './fixtures.js';

test.describe('the library', () => {
  test('add a book by hand, find it misspelt, mark it read, open it from the dashboard and go Back', async ({
    page,
    login,
  }) => {
    await login();
    const title = `Gatsby Returns ${Date.now().toString(36)}`;

    // Add a book by hand through the Add New Book dialog.
    await page.goto('/books?add=1');
    const dialog = page.getByRole('dialog', { name: 'Add New Book' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Author').fill('Fitzgerald Estate');
    await dialog.getByRole('button', { name: 'Add Book' }).click();
    await expect(dialog).toHaveCount(0);

    // Find it with a misspelt search from the header search box.
    const search = page.getByRole('searchbox', { name: 'Search your library' });
    await search.fill('gatbsy retruns');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/books\?.*q=gatbsy/);
    const found = page.getByRole('link', { name: new RegExp(title) }).first();
    await expect(found).toBeVisible();

    // Open it, change its status to read, and see the date it was read.
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByLabel('Status').selectOption('read');
    await expect(page.getByText(/Read on /)).toBeVisible();

    // The dashboard counts it and opens it; Back returns to the dashboard.
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Recently Added' });
    await recent.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('an empty library offers the sample library, which loads once', async ({ page, login }) => {
    await login();
    await page.goto('/books');
    await page.getByRole('button', { name: 'Load sample library' }).click();
    await expect(page.getByText('23 books')).toBeVisible();
    // Newest first: the last sample book added heads the list on every screen width.
    await expect(page.getByRole('link', { name: 'The Seven Husbands of Evelyn Hugo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load sample library' })).toHaveCount(0);
  });
});
