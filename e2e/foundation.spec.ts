import { expect, test, type ConsoleMessage } from '@playwright/test';

/** A visitor's session check answers 401 (spec core.md §7), which Chromium logs as a failed resource load. */
const isSignedOutCheck = (msg: ConsoleMessage) =>
  msg.text().includes('status of 401') && new URL(msg.location().url).pathname === '/api/me';

test.describe('the app as npm start serves it', () => {
  test('the home page loads, talks to the API and breaks no Content-Security-Policy rule', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !isSignedOutCheck(msg)) problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const health = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/health');
    await page.goto('/');
    await expect(page).toHaveTitle('Bookshelf');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your library');
    expect((await health).status()).toBe(200);
    // A healthy server is the operator's business: visitors hear about it only when it is down.
    await expect(page.getByTestId('server-status')).toHaveText('');
    await expect(page.getByText(/Server and database/)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a deep link to a client route opens the app on that screen, and so does a reload', async ({ page }) => {
    await page.goto('/books/123/summary');
    await expect(page.locator('[data-tab="library"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-tab="library"]')).toBeVisible();

    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();

    // A members' screen shows a visitor the landing page, and keeps the address for after signing in.
    await page.goto('/reading-challenges');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your library');
    await expect(page.getByRole('button', { name: 'Enter Library' })).toBeVisible();
    await expect(page).toHaveURL(/\/reading-challenges$/);
  });

  test('client-side navigation moves between screens without a page load', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Books' }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(page.locator('[data-tab="library"]')).toBeVisible();
    await page.getByRole('link', { name: 'Bookshelf' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your library');
  });

  test('/api stays JSON next to the app, and the API docs are browsable', async ({ page, request }) => {
    const missing = await request.get('/api/no-such-route');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('requestfailed', (req) => problems.push(`${req.url()}: ${req.failure()?.errorText}`));
    await page.goto('/api/docs');
    await expect(page.getByText('Bookshelf API').first()).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
