import type { Page } from '@playwright/test';
import { BOOK_SCRIPT_MARKER, makeEpub, makePdf } from '../test-support/src/book-files.js';
import { expect, test } from './fixtures.js';

// Issue 15, the reader's two heavy engines with files made here: pdf.js draws each page on a canvas with its text
// selectable over it, in a worker that ends with the reader; foliate-js reflows an EPUB page by page and runs none
// of the book's scripts. (Draft by the engines' helper; the reader journeys of the issue build on it.)

test.describe.configure({ timeout: 60_000 });

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const res = await page.request.post('/api/cloud-drives/uploads', {
    headers: { 'x-requested-with': 'e2e' },
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

async function openFromFileBrowser(page: Page, name: string): Promise<void> {
  await page.goto('/cloud-drives');
  await page.getByRole('tab', { name: 'File Browser' }).click();
  const files = page.getByRole('region', { name: 'File Browser' }).getByRole('gridcell');
  await files.filter({ has: page.getByText(name, { exact: true }) }).dblclick();
}

test('a PDF is drawn page by page with its text selectable, and its worker ends with the reader', async ({
  page,
  login,
}) => {
  await login();
  await upload(
    page,
    'Twelve pages.pdf',
    'application/pdf',
    await makePdf({ pages: 12, textPerPage: (n) => `Text of page ${n}` }),
  );
  await openFromFileBrowser(page, 'Twelve pages.pdf');

  const first = page.locator('[data-rendered-page="1"]');
  await expect(first).toBeVisible();
  await expect(first.locator('canvas')).toHaveCount(1);
  await expect(first.locator('.textLayer')).toContainText('Text of page 1');
  expect(page.workers().length).toBe(1);

  await page.keyboard.press('ArrowRight');
  const second = page.locator('[data-rendered-page="2"]');
  await expect(second).toBeVisible();
  // The text layer's words are real text: the reader can select them.
  const selected = await second.locator('.textLayer').evaluate((layer) => {
    const range = document.createRange();
    range.selectNodeContents(layer);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  expect(selected).toContain('Page 2');
  expect(selected).toContain('Text of page 2');

  await page.keyboard.press('End');
  await expect(page.locator('[data-rendered-page="12"]')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.locator('[data-rendered-page]')).toHaveCount(0);
  await expect.poll(() => page.workers().length).toBe(0);
});

test('an EPUB reflows page by page and none of its scripts runs', async ({ page, login }) => {
  await login();
  await upload(
    page,
    'Rainy night.epub',
    'application/epub+zip',
    makeEpub({ chapters: 3, wordsPerChapter: 1500, withScript: true }),
  );
  await openFromFileBrowser(page, 'Rainy night.epub');

  const shown = page.locator('[data-rendered-page]');
  await expect(shown).toHaveAttribute('data-rendered-page', '1');
  // A page is a run of 1,500 characters: on a phone's screen a turn shows the next part of the same page.
  const place = await shown.getAttribute('data-location');
  await page.keyboard.press('ArrowRight');
  await expect(shown).not.toHaveAttribute('data-location', place!);
  await expect
    .poll(async () => {
      await page.keyboard.press('ArrowRight');
      return Number(await shown.getAttribute('data-rendered-page'));
    })
    .toBeGreaterThan(1);

  // The first chapter has an inline script, a script file and an onerror handler, all setting this global.
  expect(await page.evaluate((marker) => marker in window, BOOK_SCRIPT_MARKER)).toBe(false);
});
