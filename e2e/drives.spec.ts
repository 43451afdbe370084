import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { makeCbz, makeEpub, makePdf } from '../test-support/src/book-files.js';
import { pngImage } from '../test-support/src/images.js';
import { expect, test } from './fixtures.js';

// Issue 27, the drives part: cover thumbnails in the File Browser, names that wrap and selection by touch on
// a phone, the manager counting built-in drives, /cloud-drives/* as the Cloud Drives screen, a tab bar that
// fits a phone, and the photo widget saying what is wrong.

const LONG_NAME = 'Apache Kafka The Definitive Guide Real-Time Data and Stream Processing at Scale.epub';
const PDF = 'Twelve pages.pdf';
const CBZ = 'Comic.cbz';
/** Thumbnails are made by a job after the upload; pdf.js loads on the server's first PDF. */
const THUMBNAIL_TIMEOUT = 30_000;

const isPhone = (info: TestInfo) => info.project.name === 'mobile';

async function upload(request: APIRequestContext, files: { name: string; buffer: Buffer }[]): Promise<void> {
  for (const { name, buffer } of files) {
    const res = await request.post('/api/cloud-drives/uploads', {
      headers: { 'x-requested-with': 'e2e' },
      multipart: { file: { name, mimeType: 'application/octet-stream', buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** How many lines of text an element shows. */
const linesOf = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.25;
    return Math.round(el.getBoundingClientRect().height / line);
  });

/** Taps on a phone (it has no Ctrl), clicks on a desktop. */
const press = (target: Locator, info: TestInfo) => (isPhone(info) ? target.tap() : target.click());

async function fileBrowser(page: Page) {
  await page.goto('/cloud-drives?tab=browser');
  const browser = page.getByRole('region', { name: 'File Browser' });
  const cards = browser.getByRole('grid', { name: 'Files' }).getByRole('gridcell');
  const card = (name: string) => cards.filter({ has: page.getByText(name, { exact: true }) });
  return { browser, cards, card };
}

test.describe('drives', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the File Browser shows cover thumbnails, wraps long names and multi-selects without Ctrl', async ({
    page,
    login,
  }, info) => {
    await login();
    await upload(page.request, [
      { name: PDF, buffer: await makePdf({ pages: 12 }) },
      { name: CBZ, buffer: makeCbz({ images: 3 }) },
      { name: LONG_NAME, buffer: makeEpub({ chapters: 2 }) },
    ]);
    const { browser, cards, card } = await fileBrowser(page);
    await expect(cards).toHaveCount(3);

    // The PDF's first page and the comic's first page, drawn: the job's thumbnails reach the open page live.
    for (const name of [PDF, CBZ]) {
      // Covers load as they near the viewport (core.md §9's lazy images): on a phone the PDF's is below the fold.
      await card(name).scrollIntoViewIfNeeded();
      const cover = card(name).getByRole('img', { name: `Cover of ${name}` });
      await expect(cover).toBeVisible({ timeout: THUMBNAIL_TIMEOUT });
      await expect(cover).toHaveAttribute('src', /\/thumbnail\?v=[0-9a-f]{16}$/);
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    // An EPUB without a cover keeps its type icon.
    await expect(card(LONG_NAME).getByRole('img')).toHaveCount(0);

    // The long name shows on two lines (not "Apac…"), in the grid and in the list.
    const gridName = card(LONG_NAME).getByText(LONG_NAME, { exact: true });
    expect(await linesOf(gridName)).toBe(2);
    await browser.getByRole('button', { name: 'List view' }).click();
    const row = browser.getByRole('row').filter({ hasText: LONG_NAME });
    const listName = row.getByText(LONG_NAME, { exact: true });
    if (isPhone(info)) expect(await linesOf(listName)).toBe(2);
    const shown = await listName.evaluate((el) => el.getBoundingClientRect().width);
    expect(shown, 'the list shows more than a few letters of the name').toBeGreaterThan(120);
    await browser.getByRole('button', { name: 'Grid view' }).click();

    // Each card's checkbox adds it to the selection: two files by touch, no Ctrl.
    await press(card(PDF).getByRole('checkbox', { name: `Select ${PDF}` }), info);
    await press(card(CBZ).getByRole('checkbox', { name: `Select ${CBZ}` }), info);
    const selection = browser.getByRole('region', { name: 'Selected files' });
    await expect(selection).toContainText('2 files selected');
    await expect(card(PDF)).toHaveAttribute('aria-selected', 'true');
    await expect(card(CBZ)).toHaveAttribute('aria-selected', 'true');
    await press(card(PDF).getByRole('checkbox', { name: `Select ${PDF}` }), info);
    await expect(selection).toContainText('1 file selected');
  });

  test('the manager counts a built-in drive, and /cloud-drives/anything is the Cloud Drives screen', async ({
    page,
    login,
  }) => {
    await login();
    await upload(page.request, [{ name: CBZ, buffer: makeCbz({ images: 1 }) }]);
    await page.goto('/cloud-drives/anything');
    await expect(page.getByRole('heading', { level: 1, name: 'Cloud Drives' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

    const stat = (label: string) =>
      page
        .locator('dl[aria-label="Drive statistics"] > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect(stat('Connected Drives')).toHaveText('1');
    await expect(stat('My Uploads')).toHaveText('1');
    await expect(page.getByRole('heading', { name: 'Connect Your First Drive' })).toHaveCount(0);
    // This reader does not see the server's library folder: no Local card, no Local filter.
    await expect(page.locator('dt', { hasText: /^Local$/ })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Provider' }).locator('option', { hasText: 'Local' })).toHaveCount(
      0,
    );
  });

  test('the Cloud Drives tab bar shows Reading Progress whole', async ({ page, login }) => {
    await login();
    await page.goto('/cloud-drives');
    const tabs = page.getByRole('tablist', { name: 'Cloud drives views' });
    const width = page.viewportSize()!.width;
    for (const name of ['Cloud Drives', 'File Browser', 'Reading Progress']) {
      const tab = tabs.getByRole('tab', { name });
      const box = (await tab.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      // Its label is not cut: the text fits the tab.
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), name).toBe(true);
    }
    expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await tabs.getByRole('tab', { name: 'Reading Progress' }).click();
    await expect(page).toHaveURL(/[?&]tab=progress\b/);
  });

  test('the photo widget says a renamed text file is not an image, and Add More Images looks disabled when full', async ({
    page,
    login,
  }) => {
    await login();
    const created = await page.request.post('/api/books', {
      headers: { 'x-requested-with': 'e2e' },
      data: { title: 'Photos', author: 'Tester' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/books/${id}`);
    const photos = page.getByRole('region', { name: 'Photos' });
    const input = photos.getByLabel('Photos to add');

    await input.setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('eggs, milk\n') }]);
    await expect(
      photos.getByText('notes.jpg is not an image. Please upload JPEG, PNG, or WebP images only.'),
    ).toBeVisible();
    await expect(photos.getByText('Error processing images. Please try again.')).toHaveCount(0);
    await photos.getByRole('button', { name: 'Remove' }).click();

    await input.setInputFiles(
      [1, 2, 3, 4, 5].map((n) => ({
        name: `photo-${n}.png`,
        mimeType: 'image/png',
        buffer: pngImage(200, 300, [40 * n, 90, 160]),
      })),
    );
    const thumbnails = photos.getByRole('list', { name: 'Photos' }).getByRole('img', { name: /^Photo \d of / });
    await expect(thumbnails).toHaveCount(5, { timeout: 30_000 });
    const add = photos.getByRole('button', { name: 'Add More Images' });
    await expect(add).toBeDisabled();
    expect(Number(await add.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.75);
    await expect(add).toHaveAccessibleDescription('A book can have at most 5 images.');
  });
});
