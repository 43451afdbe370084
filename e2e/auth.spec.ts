import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, fakeProviderUrl, test, uniqueUser, useFakeProviderAccount } from './fixtures.js';

const SESSION_COOKIE = 'bookshelf_session';

async function openSignInDialog(page: Page) {
  await page.getByRole('button', { name: 'Enter Library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Bookshelf' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  const menuButton = page.getByRole('button', { name: 'User menu' });
  await menuButton.click();
  await expect(page.getByRole('menu')).toContainText(name);
  await page.keyboard.press('Escape');
}

test.describe('email and password', () => {
  test('sign up, sign out, a wrong password, then sign in again with Remember me', async ({ page }) => {
    const user = uniqueUser('Signup');
    await page.goto('/');

    let dialog = await openSignInDialog(page);
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Full Name').fill(user.name);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectSignedInAs(page, user.name);
    // Without Remember me the session ends with the browser: the cookie carries no expiry.
    const signUpCookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(signUpCookie?.expires).toBe(-1);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Enter Library' })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    dialog = await openSignInDialog(page);
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(`${user.password}-wrong`);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    const errorBox = dialog.getByRole('alert');
    await expect(errorBox).toContainText('Error');
    await expect(errorBox).toContainText('Invalid email or password.');

    // The spec: switching tabs clears any auth error.
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('tab', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // The inactive tab's form is unmounted, so coming back starts from empty fields.
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    const remember = dialog.getByRole('switch', { name: 'Remember me' });
    await remember.click();
    await expect(remember).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedInAs(page, user.name);
    const remembered = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(remembered?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
  });
});

test.describe('social sign-in through the fake providers', () => {
  test.skip(!fakeProviderUrl('google'), 'needs the fake OAuth providers that npm run test:e2e starts');

  /**
   * Holds the app's "who am I" call on the callback page until the test has seen the in-progress text, which
   * otherwise flashes by faster than an assertion can look.
   */
  async function holdMeRequests(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      if (new URL(page.url()).pathname === '/auth/callback') await released;
      await route.continue();
    });
    return release;
  }

  for (const provider of [
    { kind: 'google', button: 'Continue with Google' },
    { kind: 'twitter', button: 'Continue with X (Twitter)' },
  ] as const) {
    test(`${provider.button} passes through the provider and signs in as its user`, async ({ page, context }) => {
      const id = randomUUID().slice(0, 8);
      const name = `${provider.kind === 'google' ? 'Gia' : 'Xan'} ${id}`;
      await useFakeProviderAccount(context, provider.kind, {
        user:
          provider.kind === 'google'
            ? { id: `g-${id}`, email: `g-${id}@example.test`, emailVerified: true, name }
            : { id: `x-${id}`, name, username: `x${id}` },
      });
      await page.goto('/');
      const dialog = await openSignInDialog(page);
      const release = await holdMeRequests(page);
      await dialog.getByRole('button', { name: provider.button }).click();

      await expect(page).toHaveURL(/\/auth\/callback\?/);
      await expect(page.getByText('Completing sign in...')).toBeVisible();
      release();
      await expect(page.getByRole('heading', { name: 'Signed in successfully' })).toBeVisible();
      await expectSignedInAs(page, name);
      const me = (await (await page.request.get('/api/me')).json()) as { name: string; provider: string };
      expect(me).toMatchObject({ name, provider: provider.kind });
    });
  }

  test('a refused consent shows Authentication Failed and returns to the home page', async ({ page, context }) => {
    await useFakeProviderAccount(context, 'google', { behaviour: 'deny' });
    await page.goto('/');
    const dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL(/\/auth\/callback\?error=access_denied/);
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(failure).toContainText('You cancelled the sign-in, or the provider refused it.');
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Enter Library' })).toBeVisible();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
