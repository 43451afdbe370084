import type { Frame, Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { pngImage } from '../test-support/src/images.js';
import { realBookPath } from '../test-support/src/real-books.js';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// Issue 27, the reader half: the files real tools make (calibre's own EPUB with `mimetype` late, its MOBI and
// AZW3, an FB2 with entities XML does not define), uploaded through My Uploads as a reader does, open and show
// their text, their table of contents, a page count that moves with each Next, in every theme without a serious
// accessibility violation; a book's pictures from the web are never fetched; a broken PDF shows one panel.

test.describe.configure({ timeout: 120_000 });
// A service worker would answer the tracker's request out of Playwright's sight.
test.use({ serviceWorkers: 'block' });

const OPEN_TIMEOUT = 20_000;
const BOOKS = {
  epub: 'Quick Start Guide.epub',
  fb2: 'MiniHelp.en.fb2',
  mobi: 'The Keeper.mobi',
  azw3: 'The Keeper.azw3',
} as const;

/** Uploads through the Upload books button of Cloud Drives, as a reader does. */
async function uploadThroughMyUploads(page: Page, files: { name: string; path: string }[]) {
  await page.goto('/cloud-drives');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/cloud-drives/uploads'));
  await page.getByLabel('Book files to upload').setInputFiles(
    await Promise.all(
      files.map(async ({ name, path }) => ({
        name,
        mimeType: 'application/octet-stream',
        buffer: await import('node:fs/promises').then((fs) => fs.readFile(path)),
      })),
    ),
  );
  const res = await answered;
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { files: { name: string }[]; rejected: unknown[] };
  expect(body.rejected).toEqual([]);
  expect(body.files.map((f) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
}

async function openInReader(page: Page, name: string) {
  await page.goto('/cloud-drives?tab=browser');
  const card = page.getByRole('grid', { name: 'Files' }).getByRole('gridcell').filter({ hasText: name });
  await card.dblclick();
  const reader = page.getByRole('dialog', { name });
  await expect(reader.locator('[data-rendered-page]')).toBeVisible({ timeout: OPEN_TIMEOUT });
  return reader;
}

/** The book's section frames (blob: documents, inside foliate's closed shadow roots). */
const bookFrames = (page: Page): Frame[] => page.frames().filter((f) => f.url().startsWith('blob:'));

/** Whether a shown section of the book holds `text`. */
async function bookShows(page: Page, text: string): Promise<boolean> {
  for (const frame of bookFrames(page)) {
    const body = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    if (body.includes(text)) return true;
  }
  return false;
}

/** The natural widths of the book's pictures once every one has settled (loaded or refused); null before. */
async function settledPictureWidths(page: Page): Promise<number[] | null> {
  for (const frame of bookFrames(page)) {
    const widths = await frame
      .evaluate(() => {
        const images = Array.from(document.images);
        return images.length > 0 && images.every((image) => image.complete)
          ? images.map((image) => image.naturalWidth)
          : null;
      })
      .catch(() => null);
    if (widths) return widths;
  }
  return null;
}

const pageOf = async (reader: ReturnType<Page['getByRole']>) => {
  const label = await reader
    .getByText(/^Page \d+ of \d+/)
    .first()
    .textContent();
  return Number(/^Page (\d+)/.exec(label ?? '')?.[1]);
};

/** Opens the Contents panel, checks it lists `alsoListed`, and goes to `label` (on a phone the panel then closes). */
async function openContentsEntry(reader: ReturnType<Page['getByRole']>, label: string, alsoListed: string[] = []) {
  await reader.getByRole('button', { name: 'Contents' }).click();
  const panel = reader.getByRole('complementary', { name: 'Contents' });
  for (const entry of alsoListed) await expect(panel.getByRole('button', { name: entry, exact: true })).toBeVisible();
  await panel.getByRole('button', { name: label, exact: true }).click();
  return panel;
}

test('calibre’s EPUB, an FB2 with undefined entities, calibre’s MOBI and AZW3 open with their text and contents', async ({
  page,
  login,
}, testInfo) => {
  await login();
  await uploadThroughMyUploads(page, [
    { name: BOOKS.epub, path: realBookPath('calibreQuickStart') },
    { name: BOOKS.fb2, path: realBookPath('fb2UndefinedEntity') },
    { name: BOOKS.mobi, path: realBookPath('keepersLogMobi') },
    { name: BOOKS.azw3, path: realBookPath('keepersLogAzw3') },
  ]);

  // calibre's guide: the contents panel lists its nested entries, each Next moves the page on.
  const epub = await openInReader(page, BOOKS.epub);
  const first = await pageOf(epub);
  for (let i = 1; i <= 3; i += 1) {
    await epub.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pageOf(epub)).toBe(first + i);
  }
  const panel = await openContentsEntry(epub, 'Installing calibre', ['Common Tasks', 'Task 2: Conversion']);
  await expect.poll(() => bookShows(page, 'The installation processes starts')).toBe(true);
  if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close contents' }).click();
  // The book's frames run no script, yet keys pressed inside them still turn the page.
  const frames = bookFrames(page);
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    expect(await (await frame.frameElement()).getAttribute('sandbox')).toBe('allow-same-origin');
  }
  if (testInfo.project.name === 'desktop') {
    // One column, centred in the 1280 px screen (it used the left half).
    const frame = frames.find((f) => !f.isDetached())!;
    const box = (await (await frame.frameElement()).boundingBox())!;
    const text = await frame.evaluate(() => {
      const range = document.createRange();
      const p = Array.from(document.querySelectorAll('p')).find((el) => el.getBoundingClientRect().width > 0)!;
      range.selectNodeContents(p);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    const viewport = page.viewportSize()!;
    const centre = box.x + (text.left + text.right) / 2;
    expect(Math.abs(centre - viewport.width / 2)).toBeLessThan(viewport.width * 0.1);
  }
  await epub.getByRole('button', { name: 'Close reader' }).click();

  // The FB2 renders every body section, not just its title.
  const fb2 = await openInReader(page, BOOKS.fb2);
  await openContentsEntry(fb2, '4. Themes and fonts');
  await expect.poll(() => bookShows(page, 'Section 4, paragraph 1')).toBe(true);
  await fb2.getByRole('button', { name: 'Close reader' }).click();

  for (const name of [BOOKS.mobi, BOOKS.azw3]) {
    const kindle = await openInReader(page, name);
    await openContentsEntry(kindle, 'Chapter 3: The South Light', ['Chapter 1: The North Light']);
    await expect.poll(() => bookShows(page, 'Chapter 3, paragraph 1')).toBe(true);
    await kindle.getByRole('button', { name: 'Close reader' }).click();
  }
});

test('the reader has no serious accessibility violation in any theme, header and footer included', async ({
  page,
  login,
}) => {
  await login();
  await uploadThroughMyUploads(page, [{ name: BOOKS.epub, path: realBookPath('calibreQuickStart') }]);
  const reader = await openInReader(page, BOOKS.epub);
  const header = reader.locator('header');
  const backgrounds = new Set<string>();
  for (const theme of ['Light', 'Dark', 'Sepia']) {
    await expect(reader.getByRole('button', { name: `Theme: ${theme}` })).toBeVisible();
    backgrounds.add(await header.evaluate((el) => getComputedStyle(el).backgroundColor));
    await expectNoSeriousA11yViolations(page, `the reader in the ${theme} theme`);
    await reader.getByRole('button', { name: `Theme: ${theme}` }).click();
  }
  // The header takes each theme's colour (it stayed white).
  expect(backgrounds.size).toBe(3);
  await reader.getByRole('button', { name: 'Contents' }).click();
  await expect(reader.getByRole('complementary', { name: 'Contents' }).getByRole('button').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the reader with its contents open');
});

/** An EPUB whose chapter shows a picture from the web: a tracking pixel. */
function epubWithTracker(pixel: string): Buffer {
  const files = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }] as [Uint8Array, { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
        '<rootfiles><rootfile full-path="book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'book.opf': strToU8(
      '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">' +
        '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">tracked</dc:identifier>' +
        '<dc:title>Tracked</dc:title><dc:language>en</dc:language></metadata>' +
        '<manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest>' +
        '<spine><itemref idref="c1"/></spine></package>',
    ),
    'c1.xhtml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c1</title>' +
        `<link rel="stylesheet" href="${pixel}.css"/></head>` +
        `<body><p>Someone is watching this page.</p><img src="${pixel}" alt=""/></body></html>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

test('a book’s pictures from the web are never fetched; a broken PDF shows one panel', async ({ page, login }) => {
  await login();
  const tracked: string[] = [];
  await page.context().route('https://tracker.example/**', (route) => {
    tracked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.from('GIF89a') });
  });
  for (const [name, buffer] of [
    ['Tracked.epub', epubWithTracker('https://tracker.example/pixel.gif')],
    ['Broken.pdf', Buffer.from('%PDF-1.7\nthis is not a PDF at all\n')],
  ] as const) {
    const res = await page.request.post('/api/cloud-drives/uploads', {
      headers: { 'x-requested-with': 'e2e' },
      multipart: { file: { name, mimeType: 'application/octet-stream', buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const reader = await openInReader(page, 'Tracked.epub');
  await expect.poll(() => bookShows(page, 'Someone is watching this page.')).toBe(true);
  // The picture's load has settled (a refused one is complete with no pixels), so a request would have gone.
  await expect.poll(() => settledPictureWidths(page)).toEqual([0]);
  expect(tracked).toEqual([]);
  await reader.getByRole('button', { name: 'Close reader' }).click();

  await page.goto('/cloud-drives?tab=browser');
  await page.getByRole('grid', { name: 'Files' }).getByRole('gridcell').filter({ hasText: 'Broken.pdf' }).dblclick();
  const pdf = page.getByRole('dialog', { name: 'Broken.pdf' });
  const alert = pdf.getByRole('alert');
  await expect(alert).toHaveCount(1, { timeout: OPEN_TIMEOUT });
  await expect(alert.getByRole('heading', { name: 'Cannot Display PDF' })).toBeVisible();
  await expect(alert.getByText('Failed to load PDF document')).toBeVisible();
  await expect(pdf.getByText('Failed to Load Document')).toHaveCount(0);
  await expect(alert.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a comic’s landscape pages are shown one at a time, centred', async ({ page, login }) => {
  await login();
  const pages: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (let i = 1; i <= 4; i += 1) pages[`page-00${i}.png`] = [pngImage(400, 200, [40 * i, 120, 90]), { level: 0 }];
  const res = await page.request.post('/api/cloud-drives/uploads', {
    headers: { 'x-requested-with': 'e2e' },
    multipart: {
      file: { name: 'Wide.cbz', mimeType: 'application/octet-stream', buffer: Buffer.from(zipSync(pages)) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const reader = await openInReader(page, 'Wide.cbz');
  await expect(reader.getByText('Page 1 of 4').first()).toBeVisible();
  const main = (await reader.getByRole('main').boundingBox())!;
  for (let n = 1; n <= 2; n += 1) {
    await expect
      .poll(async () => {
        const frames = bookFrames(page);
        for (const frame of frames) {
          // foliate replaces a comic's frames as it turns: one listed a moment ago may be gone, so pass it over.
          const element = await frame.frameElement().catch(() => null);
          const box = await element?.boundingBox().catch(() => null);
          if (!element || !box || box.width === 0 || !(await element.isVisible().catch(() => false))) continue;
          return Math.round(Math.abs(box.x + box.width / 2 - (main.x + main.width / 2)));
        }
        return Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(4);
    await reader.getByRole('button', { name: 'Next page' }).click();
  }
});
