import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const announcements = (page: Page) => page.locator('[aria-live="polite"]');
const html = (page: Page) => page.locator('html');

test.describe('the signed-in shell', () => {
  test('Ctrl+B collapses and expands the sidebar and announces it; desktop remembers it across reloads', async ({
    page,
    login,
    isMobile,
  }) => {
    await login();
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });

    if (isMobile) {
      // Below the desktop breakpoint the sidebar is an off-canvas drawer that the shortcut opens and closes.
      const drawer = page.getByRole('dialog', { name: 'Bookshelf' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Control+b');
      await expect(drawer.getByRole('link', { name: 'My Library' })).toBeVisible();
      await expect(announcements(page)).toHaveText('Sidebar expanded');
      await page.keyboard.press('Control+b');
      await expect(drawer).toHaveCount(0);
      await expect(announcements(page)).toHaveText('Sidebar collapsed');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      return;
    }

    const sidebar = page.locator('#app-sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(sidebar.getByText('Click to edit goal')).toBeVisible();

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(announcements(page)).toHaveText('Sidebar collapsed');
    await expect(sidebar.getByRole('link', { name: 'Reading goal' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('sidebar-preferences'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ isCollapsed: true, lastUpdated: expect.any(String) });

    await page.reload();
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    await expect(announcements(page)).toHaveText('Sidebar expanded');
    await expect(sidebar.getByText('Click to edit goal')).toBeVisible();
  });

  test('the dark theme survives a reload, and System follows the device setting', async ({ page, login }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await login();
    await page.goto('/dashboard');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings/);
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await page.getByRole('radio', { name: 'System' }).check();
    // The device prefers light (emulated above), so System turns dark off straight away...
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    // ...and follows the device when it changes, without a reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test('a new reading goal in Settings shows on the sidebar card', async ({ page, login, isMobile }) => {
    await login();
    await page.goto('/dashboard');

    /** The card lives in the sidebar, which on a phone is a drawer that must be opened first. */
    async function goalCard() {
      if (isMobile) {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        return page.getByRole('dialog').getByRole('link', { name: /Reading Goal \d{4}/ });
      }
      return page.locator('#app-sidebar').getByRole('link', { name: /Reading Goal \d{4}/ });
    }

    let card = await goalCard();
    await expect(card).toContainText('0 / 50 books');
    await card.click();
    await expect(page).toHaveURL(/\/settings\?tab=reading-goal$/);

    const goal = page.getByLabel('Books to read this year');
    await expect(goal).toHaveValue('50');
    await goal.fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reading goal updated')).toBeVisible();
    await expect(page.getByText(/Your goal is 12 books in \d{4}\./)).toBeVisible();

    card = await goalCard();
    await expect(card).toContainText('0 / 12 books');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '0 of 12 books');

    // The goal is the account's, not the page's: a fresh load still shows it.
    await page.reload();
    card = await goalCard();
    await expect(card).toContainText('0 / 12 books');
  });
});
