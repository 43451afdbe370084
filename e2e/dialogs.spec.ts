import { expect, test } from './fixtures.js';

test.describe('dialogs and first run', () => {
  test('a new reader is welcomed, adds an account from the book form without saving the book behind it', async ({
    page,
    login,
  }) => {
    const user = await login();
    await page.goto('/dashboard');
    await expect(page.getByText(`Welcome, ${user.name}!`)).toBeVisible();
    const start = page.getByRole('region', { name: 'Start your library' });
    await expect(start.getByRole('button', { name: 'Load sample library' })).toBeVisible();

    // Add Book opens over the dashboard.
    await start.getByRole('link', { name: 'Add Book' }).click();
    await expect(page).toHaveURL(/\/dashboard\?add=1$/);
    const bookDialog = page.getByRole('dialog', { name: 'Add New Book' });
    // Complete enough to save: before the fix, adding an account saved this book and closed both dialogs.
    await bookDialog.getByLabel('Title').fill('Half typed');
    await bookDialog.getByLabel('Author').fill('Not yet checked');

    // Manage Accounts, opened from inside the book form: its own form must submit only itself.
    const manage = bookDialog.getByRole('button', { name: 'Manage accounts' });
    await manage.click();
    const accountsDialog = page.getByRole('dialog', { name: 'Manage Accounts' });
    await accountsDialog.getByRole('button', { name: 'Add Account' }).click();
    await accountsDialog.getByLabel('Account name').fill('Corner Books');
    await accountsDialog.getByLabel('Account type').selectOption('local-bookstore');
    await accountsDialog
      .getByRole('form', { name: 'Add Account' })
      .getByRole('button', { name: 'Add Account' })
      .click();
    await expect(accountsDialog.getByRole('listitem', { name: 'Corner Books' })).toBeVisible();

    // Closing Manage Accounts gives focus back to the link that opened it, with the book form as it was.
    await accountsDialog.getByRole('button', { name: 'Close' }).click();
    await expect(accountsDialog).toHaveCount(0);
    await expect(manage).toBeFocused();
    await expect(bookDialog.getByLabel('Title')).toHaveValue('Half typed');
    await expect(bookDialog.getByLabel('Account', { exact: true })).toContainText('Corner Books');

    const books = await page.request.get('/api/books');
    expect((await books.json()) as { total: number }).toMatchObject({ total: 0 });
  });

  test('the header Add Book opens where the reader is and focus returns to it', async ({ page, login }) => {
    await login();
    await page.goto('/settings?tab=appearance');
    const addBook = page.getByRole('banner').getByRole('button', { name: 'Add Book' });
    await addBook.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Book' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?tab=appearance&add=1$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings\?tab=appearance$/);
    await expect(addBook).toBeFocused();
  });

  test('unknown and malformed addresses: Not found, and a book that is not there', async ({ page, login }) => {
    await login();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const res = await page.goto('/books/%E0%A4%A');
    expect(res?.headers()['content-type']).toMatch(/text\/html/);
    await expect(page.getByRole('heading', { name: 'Book not found' })).toBeVisible();
  });

  test('the Undo toast after a delete waits under the pointer and is reached with Alt+T', async ({ page, login }) => {
    await login();
    const created = await page.request.post('/api/books', {
      headers: { 'x-requested-with': 'e2e' },
      data: { title: 'Undo Me', author: 'Keyboard Reader' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/books/${id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete "Undo Me"?' }).getByRole('button', { name: 'Delete' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Deleted "Undo Me"' });
    await expect(toast).toBeVisible();

    // Past the spec's 5 s while hovered: still there.
    await toast.hover();
    await page.waitForTimeout(6_000);
    await expect(toast).toBeVisible();

    await page.keyboard.press('Alt+KeyT');
    const undo = toast.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Restored "Undo Me"' })).toBeVisible();
    const books = await page.request.get('/api/books');
    expect((await books.json()) as { total: number }).toMatchObject({ total: 1 });
  });
});
