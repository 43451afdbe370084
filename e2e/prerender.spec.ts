import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const LANDING_HEADING = 'Your library, your reading, your friends.';

/** A visitor's session check answers 401 (spec core.md §7), which Chromium logs as a failed resource load. */
const isSignedOutCheck = (msg: ConsoleMessage) =>
  msg.text().includes('status of 401') && new URL(msg.location().url).pathname === '/api/me';

/** Console errors and uncaught exceptions, hydration mismatches among them (React reports them as errors). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && !isSignedOutCheck(msg)) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Keeps the first <h1> the HTML parser creates, before any script runs. If the app rendered afresh instead of
 * hydrating, that node would be gone from the page.
 */
async function keepFirstHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      (window as unknown as { firstHeading: Element }).firstHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** React marks the DOM nodes it owns once hydration has reached them. */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const node = document.querySelector(s);
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  }, selector);

test.describe('prerendered pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing and the help page show their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_HEADING);
    await expect(page.getByRole('button', { name: 'Enter Library' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });
});

test.describe('prerendered pages with JavaScript', () => {
  test('the landing hydrates the served markup without a console error, and Enter Library opens sign-in', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await keepFirstHeading(page);
    await page.goto('/');
    await hydrated(page, 'h1');
    // The very node the HTML brought is the one on screen: hydrated, not replaced.
    expect(
      await page.evaluate(() => {
        const first = (window as unknown as { firstHeading?: Element }).firstHeading;
        return first?.isConnected === true && first === document.querySelector('h1');
      }),
    ).toBe(true);

    await page.getByRole('button', { name: 'Enter Library' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a lazy page hydrates too, in the dark theme without a mismatch', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const problems = collectProblems(page);
    await page.goto('/help');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await hydrated(page, 'article[data-tab="help"] h1');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a signed-in browser gets the shell, and one handed the landing anyway still ends up in its app', async ({
    page,
    login,
    request,
  }) => {
    const problems = collectProblems(page);
    await login();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Enter Library' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // As if a cache or a held-back cookie had served the visitors' page: the session check decides.
    // `request` has cookies of its own (none), unlike page.request.
    const landing = await (await request.get('/')).text();
    expect(landing).toContain(LANDING_HEADING);
    await page.route('/', (route) => route.fulfill({ body: landing, contentType: 'text/html; charset=utf-8' }));
    const served = await page.goto('/');
    expect(await served?.text()).toContain('data-prerendered="/"');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter Library' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
