import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// axe takes a few seconds a scan on a busy machine, and each screen is scanned twice.
test.describe.configure({ timeout: 90_000 });

/** Follows the device's colour scheme (the default "System" theme), so one screen is checked in both modes. */
async function inBothModes(page: Page, screen: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectNoSeriousA11yViolations(page, `${screen} (${mode})`);
  }
}

test.describe('axe-core finds no serious or critical violation, light and dark', () => {
  test('on the visitor’s home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your library');
    await inBothModes(page, 'home');
  });

  test('in the sign-in dialog, both tabs', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Bookshelf' });
    await expect(dialog).toBeVisible();
    await inBothModes(page, 'sign-in dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await inBothModes(page, 'sign-up form');
  });

  test.describe('signed in, with the sample library', () => {
    test.beforeEach(async ({ page, login }) => {
      await login();
      const demo = await page.request.post('/api/demo/load', { headers: { 'x-requested-with': 'e2e' } });
      expect(demo.status()).toBe(202);
      // The answer is the job that adds the books: wait until it has.
      const { id } = (await demo.json()) as { id: string };
      await expect
        .poll(async () => ((await (await page.request.get(`/api/jobs/${id}`)).json()) as { state: string }).state)
        .toBe('succeeded');
    });

    test('on the dashboard', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Recently Added' }).getByRole('link').first()).toBeVisible();
      await inBothModes(page, 'dashboard');
    });

    test('on the library grid, with a status chip pressed', async ({ page }) => {
      await page.goto('/books');
      await expect(page.getByText('23 books')).toBeVisible();
      await inBothModes(page, 'library grid');
      // The pressed chip draws its count on the accent colour: the pair axe found just under 4.5:1.
      await page
        .getByRole('group', { name: 'Status' })
        .getByRole('button', { name: /^Read \d+$/ })
        .click();
      await expect(page).toHaveURL(/status=read/);
      await inBothModes(page, 'library grid, Read chip pressed');
    });

    test('on the library list', async ({ page }) => {
      await page.goto('/books');
      await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
      await inBothModes(page, 'library list');
    });

    test('on a book’s details', async ({ page }) => {
      await page.goto('/books');
      await page.getByRole('link', { name: 'The Alchemist' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'The Alchemist' })).toBeVisible();
      await inBothModes(page, 'book details');
    });

    test('in the Add Book dialog', async ({ page }) => {
      await page.goto('/books');
      await page.getByRole('button', { name: 'Add Book' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add New Book' })).toBeVisible();
      await inBothModes(page, 'Add Book dialog');
    });
  });

  for (const tab of ['profile', 'reading-goal', 'appearance', 'security']) {
    test(`on the ${tab} tab of Settings`, async ({ page, login }) => {
      await login();
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await inBothModes(page, `settings ${tab}`);
    });
  }
});
