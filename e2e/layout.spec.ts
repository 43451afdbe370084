import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const PHONE = { width: 375, height: 812 };
const headers = { 'x-requested-with': 'e2e' };

async function addBook(page: Page, title: string, author: string): Promise<string> {
  const res = await page.request.post('/api/books', { headers, data: { title, author } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Elements inside `scope` whose content is wider or taller than their box, i.e. clipped text. */
async function overflowing(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((covers) =>
    covers.flatMap((cover) =>
      [cover, ...Array.from(cover.querySelectorAll('span'))]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .filter((el) => !el.classList.contains('line-clamp-4') && !el.classList.contains('line-clamp-2'))
        .map((el) => `${cover.getAttribute('data-cover-palette')}: ${el.textContent}`),
    ),
  );
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

test.describe('books without a cover get one drawn from their title', () => {
  test('in the grid, the list and on the details page, without clipped text', async ({ page, login }) => {
    await login();
    const longWord = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
    await addBook(page, `${longWord} and Other Very Long Words That Go On and On Past Four Lines of Type`, longWord);
    const dune = await addBook(page, 'Dune', 'Frank Herbert');
    await addBook(page, 'Ada 📚 Lovelace', 'Ada 📚 Lovelace');

    await page.setViewportSize(PHONE);
    await page.goto('/books');
    const covers = page.locator('[data-cover-palette]');
    await expect(covers).toHaveCount(3);
    // Each title gets its own design; the same title always the same one.
    const designs = await covers.evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('data-cover-palette')}/${el.getAttribute('data-cover-pattern')}`),
    );
    expect(new Set(designs).size).toBeGreaterThan(1);
    await expect(covers.first()).toContainText('Ada 📚 Lovelace');
    // The title is the link beside it: the cover is decorative, not read out twice.
    await expect(covers.first()).toHaveAttribute('aria-hidden', 'true');
    expect(await overflowing(covers)).toEqual([]);

    // The list's thumbnails show initials, whole graphemes, and nothing spills out of them.
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(covers.filter({ hasText: /^D$/ })).toHaveCount(1);
    await expect(covers.filter({ hasText: /^AL$/ })).toHaveCount(1);
    expect(await overflowing(covers)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    const duneDesign = await covers.filter({ hasText: /^D$/ }).getAttribute('data-cover-palette');
    await page.goto(`/books/${dune}`);
    const cover = page.locator('[data-cover-palette]');
    await expect(cover).toContainText('Frank Herbert');
    await expect(cover).toHaveAttribute('data-cover-palette', duneDesign ?? '');
    expect(await overflowing(cover)).toEqual([]);
  });
});

test.describe('controls line up', () => {
  test('selects are as tall as inputs, the status picker fits its value, checkboxes use the accent', async ({
    page,
    login,
  }) => {
    await login();
    const id = await addBook(page, 'The Dispossessed', 'Ursula K. Le Guin');
    await page.goto(`/books/${id}`);
    const status = page.getByLabel('Status');
    await expect(status).toBeVisible();
    const heading = await box(page.getByRole('heading', { level: 1 }));
    expect((await box(status)).width).toBeLessThan(Math.min(240, heading.width));

    await page.getByRole('button', { name: 'Add Book' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Book' });
    const title = await box(dialog.getByLabel('Title', { exact: true }));
    const format = await box(dialog.getByLabel('Format', { exact: true }));
    expect(format.height).toBe(title.height);

    const special = dialog.getByRole('checkbox', { name: 'This is a special edition' });
    const accent = await special.evaluate((el) => getComputedStyle(el).accentColor);
    expect(accent).not.toBe('auto');
    await special.check();
    const editionType = await box(dialog.getByLabel('Edition type', { exact: true }));
    expect(editionType.height).toBe(title.height);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header search has a row of its own and the Settings tabs all show whole', async ({ page, login }) => {
    await login();
    await page.goto('/settings');
    const search = page.getByRole('searchbox', { name: 'Search your library' });
    expect((await box(search)).width).toBeGreaterThanOrEqual(300);

    const list = page.getByRole('tablist', { name: 'Settings sections' });
    const listBox = await box(list);
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const tab of await list.getByRole('tab').all()) {
      const tabBox = await box(tab);
      expect(tabBox.x).toBeGreaterThanOrEqual(listBox.x);
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await expect(list.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await list.getByRole('tab', { name: 'Security' }).click();
    await expect(list.getByRole('tab', { name: 'Security' })).toBeInViewport({ ratio: 1 });
  });
});
