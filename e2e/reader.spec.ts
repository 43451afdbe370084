import type { APIRequestContext, Page } from '@playwright/test';
import { makeEpub, makePdf, makeText } from '../test-support/src/book-files.js';
import { expect, expectNoSeriousA11yViolations, test, uniqueUser } from './fixtures.js';

// Issue 15: a reader uploads real book files (made at test time), opens a 12-page PDF, goes to page 5 with the
// keyboard, bookmarks it with a note, closes and reopens it at page 5 with the bookmark; opens an EPUB and a
// text file; and finds the sessions in Reading Progress. Another reader cannot see any of it.

const PDF = 'Twelve pages.pdf';
const EPUB = 'Three chapters.epub';
const TXT = 'Thousand words.txt';
/** pdf.js, foliate-js and their workers load on first open; a busy CI machine takes its time. */
const OPEN_TIMEOUT = 20_000;

async function upload(request: APIRequestContext, name: string, mimeType: string, buffer: Buffer): Promise<string> {
  const res = await request.post('/api/cloud-drives/uploads', {
    headers: { 'x-requested-with': 'e2e' },
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const body = (await res.json()) as { files: { id: string }[] };
  return body.files[0]!.id;
}

/** Opens a file from the File Browser with a double click and waits for its first painted page. */
async function openInReader(page: Page, name: string) {
  const card = page.getByRole('grid', { name: 'Files' }).getByRole('gridcell').filter({ hasText: name });
  await card.dblclick();
  const reader = page.getByRole('dialog', { name });
  await expect(reader).toBeVisible();
  await expect(reader.locator('[data-rendered-page]').first()).toBeVisible({ timeout: OPEN_TIMEOUT });
  return reader;
}

test.describe('the reader', () => {
  test('PDF to page 5 by keyboard, bookmark with a note, reopen there; EPUB and text; sessions in the stats', async ({
    page,
    login,
    browser,
  }) => {
    test.setTimeout(120_000);
    await login();
    const pdfId = await upload(
      page.request,
      PDF,
      'application/pdf',
      await makePdf({ pages: 12, textPerPage: (n) => `Words on page ${n}.` }),
    );
    await upload(page.request, EPUB, 'application/epub+zip', makeEpub({ chapters: 3, title: 'Three chapters' }));
    await upload(page.request, TXT, 'text/plain', makeText({ words: 1000 }));

    // A session with no second spent and no page read is not saved (core.md §4). The page's clock runs as
    // usual, and the quick visits below move it on a second each, so how fast the reader opens on this machine
    // never decides how many sessions there are.
    await page.clock.install();
    const stayASecond = () => page.clock.fastForward(1_000);

    await page.goto('/cloud-drives?tab=browser');
    const reader = await openInReader(page, PDF);
    await expect(reader.getByText('Page 1 of 12').first()).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect(reader.getByText('Page 5 of 12').first()).toBeVisible();
    await expect(reader.locator('[data-rendered-page="5"]')).toBeVisible({ timeout: OPEN_TIMEOUT });
    // The text layer: the page's words are text a reader can select and search.
    await expect(reader.locator('[data-rendered-page="5"]').getByText('Words on page 5.')).toBeAttached();
    await expectNoSeriousA11yViolations(page, 'the reader');

    await page.keyboard.press('b');
    const box = reader.getByRole('form', { name: 'New bookmark' });
    await box.getByRole('textbox').fill('  The plan unfolds  ');
    await box.getByRole('button', { name: 'Add Bookmark', exact: true }).click();
    await expect(box).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Bookmarks 1' })).toBeVisible();

    await reader.getByRole('button', { name: 'Close reader' }).click();
    await expect(page.getByRole('dialog', { name: PDF })).toHaveCount(0);
    await expect(page.getByRole('grid', { name: 'Files' })).toBeVisible();

    const again = await openInReader(page, PDF);
    await expect(again.getByText('Page 5 of 12').first()).toBeVisible();
    await again.getByRole('button', { name: 'Bookmarks 1' }).click();
    const list = again.getByRole('complementary', { name: 'Bookmarks' });
    await expect(list.getByRole('button', { name: /^Page 5/ })).toContainText('The plan unfolds');
    // A jump from the list: page 1 first, then the bookmark brings the reader back to 5.
    await page.keyboard.press('Home');
    await expect(again.getByText('Page 1 of 12').first()).toBeVisible();
    await list.getByRole('button', { name: /^Page 5/ }).click();
    await expect(again.getByText('Page 5 of 12').first()).toBeVisible();
    await stayASecond();
    await again.getByRole('button', { name: 'Close reader' }).click();

    // The EPUB reflows into pages of a screen each; Next turns one, so its place (a CFI) moves on.
    const epub = await openInReader(page, EPUB);
    await expect(epub.getByText(/Page 1 of \d+/).first()).toBeVisible();
    const place = epub.locator('[data-location]').first();
    const before = await place.getAttribute('data-location');
    expect(before).toMatch(/^epubcfi\(/);
    await epub.getByRole('button', { name: 'Next page' }).click();
    await expect(place).not.toHaveAttribute('data-location', before!);
    await stayASecond();
    await epub.getByRole('button', { name: 'Close reader' }).click();

    // 1,000 words at 300 a page: four pages; End goes to the last, where Next is disabled.
    const txt = await openInReader(page, TXT);
    await expect(txt.getByText('Page 1 of 4').first()).toBeVisible();
    await page.keyboard.press('End');
    await expect(txt.getByText('Page 4 of 4').first()).toBeVisible();
    await expect(txt.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await stayASecond();
    await txt.getByRole('button', { name: 'Close reader' }).click();

    // The sessions reach the stats; pages flipped by keyboard went by too fast to be read (issue 27).
    await page.getByRole('tab', { name: 'Reading Progress' }).click();
    await expect(page.getByRole('heading', { name: 'Start Your Reading Journey' })).toHaveCount(0);
    const stats = await page.request.get(
      '/api/reading-progress/stats/' + (await myId(page.request)) + '?timeframe=all',
    );
    const body = (await stats.json()) as { sessionsCount: number; totalPagesRead: number; totalTimeSpent: number };
    expect(body.sessionsCount).toBeGreaterThanOrEqual(4);
    expect(body.totalPagesRead).toBeLessThanOrEqual(Math.floor(body.totalTimeSpent / 5));
    await expect(page.getByText('Pages Read').first()).toBeVisible();

    // Another reader sees none of it: not the progress, not the bookmarks.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const stranger = uniqueUser('Stranger');
      const res = await other.request.post('/api/auth/register', {
        headers: { 'x-requested-with': 'e2e', 'x-forwarded-for': '198.51.100.250' },
        data: stranger,
      });
      expect(res.status()).toBe(201);
      expect((await other.request.get(`/api/reading-progress/file/${encodeURIComponent(pdfId)}`)).status()).toBe(404);
      expect((await other.request.get(`/api/reading-progress/bookmarks/${encodeURIComponent(pdfId)}`)).status()).toBe(
        404,
      );
    } finally {
      await other.close();
    }
  });
});

async function myId(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/me');
  return ((await res.json()) as { id: string }).id;
}
