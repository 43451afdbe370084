import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// An Indian English browser: the base-currency guess (core.md §9) is INR, the currency the prices are in.
test.use({ locale: 'en-IN' });

test.describe('the wishlist', () => {
  test('add two books, see count and value, reorder, share the link, open it signed out, stop sharing', async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(120_000);
    await login();
    const tag = Date.now().toString(36);
    const first = `First Wish ${tag}`;
    const second = `Second Wish ${tag}`;

    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();

    // Add to Wishlist opens Add New Book with the status Wishlist already chosen.
    await page.getByRole('link', { name: 'Add to Wishlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Book' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Status')).toHaveValue('wishlist');
    await dialog.getByLabel('Title').fill(first);
    await dialog.getByLabel('Author').fill('Someone');
    await dialog.getByRole('button', { name: 'Add Book' }).click();
    await expect(dialog).toHaveCount(0);

    // The second one with a price, through the API.
    const added = await page.request.post('/api/books', {
      headers: { 'x-requested-with': 'e2e' },
      data: {
        title: second,
        author: 'Someone Else',
        status: 'wishlist',
        purchaseInfo: { platform: 'Amazon.in', price: 20, currency: 'INR' },
      },
    });
    expect(added.status()).toBe(201);
    await page.reload();

    // 20 + 15 for the book without a price.
    await expect(page.getByText('2 books · Estimated value ₹35.00')).toBeVisible();
    const high = page.getByRole('region', { name: 'High Priority' });
    const cards = high.getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(second);
    await expectNoSeriousA11yViolations(page, 'wishlist');
    // The System theme follows the device: the same page, dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page, 'wishlist (dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    // Reorder with the keyboard alternative, then check the order was saved.
    await high.getByRole('button', { name: `Move ${second} down` }).click();
    await expect(page.getByText(`${second} moved to position 2 of 2.`)).toBeAttached();
    await expect(cards.nth(0)).toContainText(first);
    await page.reload();
    await expect(cards.nth(0)).toContainText(first);

    // And back by drag and drop: the second card dropped on the first.
    await cards.nth(1).dragTo(cards.nth(0));
    await expect(cards.nth(0)).toContainText(second);
    await page.reload();
    await expect(cards.nth(0)).toContainText(second);

    // Share it and open the link in a fresh browser that is not signed in.
    await page.getByRole('switch', { name: 'Public' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Share link' });
    await expect(linkBox).toHaveValue(/\/wishlist\/[A-Za-z0-9_-]{43}$/);
    const link = await linkBox.inputValue();

    const visitor = await browser.newContext({ locale: 'en-IN' });
    try {
      const stranger = await visitor.newPage();
      await stranger.goto(link);
      await expect(stranger.getByRole('heading', { level: 1, name: /’s Wishlist$/ })).toBeVisible();
      await expect(stranger.getByRole('heading', { name: first })).toBeVisible();
      await expect(stranger.getByRole('heading', { name: second })).toBeVisible();
      await expect(stranger.getByText('2 books · Estimated value ₹35.00')).toBeVisible();
      await expectNoSeriousA11yViolations(stranger, 'shared wishlist');

      // Sharing off: the same link is now Not found.
      await page.getByRole('switch', { name: 'Public' }).click();
      await expect(linkBox).toHaveCount(0);
      await stranger.reload();
      await expect(stranger.getByRole('heading', { name: 'Wishlist not found' })).toBeVisible();
      await expect(stranger.getByRole('heading', { name: first })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});
