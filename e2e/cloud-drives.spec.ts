import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// Issue 14: a reader connects Google Drive through the popup, the first sync lists the drive's books, and the
// File Browser filters, tags, favourites and downloads them. The drive is the fake run.mjs started (seeded with
// four books and Holiday.jpg, which no reader should see); it accepts only tokens the fake Google issued, so the
// connection goes through a real OAuth round trip with the fake Google's consent.

const BOOKS = ['Dune.epub', 'Foundation.pdf', 'Notes.txt', 'Pride and Prejudice.txt'] as const;
const PRIDE = 'It is a truth universally acknowledged.\n';
const NOTES = 'Reading notes\n';
/** The first sync of a small drive is quick, but it runs as a job after the connection is made. */
const SYNC_TIMEOUT = 20_000;

/** Clicks Connect Google Drive, lets the fake Google consent in the popup, and waits for the toast. */
async function connectGoogleDrive(page: Page): Promise<void> {
  await page.goto('/cloud-drives');
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud Drives' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect Your First Drive' })).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google Drive' }).click();
  const popup = await popupOpened;
  // The fake Google consents at once and sends the popup back to /oauth/callback/google, which hands the code
  // to this page and closes.
  await expect
    .poll(() => popup.isClosed(), { timeout: 15_000 })
    .toBe(true)
    .catch(async (error: unknown) => {
      // Say where the popup stopped: "no longer needed" there means it lost its opener on the way.
      throw new Error(`The connect popup did not close: ${await popupState(popup)}`, { cause: error });
    });
  await expect(page.getByRole('status').filter({ hasText: 'Drive connected' })).toBeVisible();
}

/** Where a popup is and what it says, for a failure message. */
async function popupState(popup: Page): Promise<string> {
  if (popup.isClosed()) return 'closed';
  const text = await popup
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '');
  return `${popup.url()} says "${text.trim()}"`;
}

/** The saved bytes of a download, as text. */
async function savedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

test.describe('cloud drives', () => {
  test('connect Google Drive in the popup, sync, filter, multi-select and tag, favourite, download', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await login();
    await connectGoogleDrive(page);

    // The first sync finishes on its own: its row says so (Completed, then Idle five seconds later) with counts.
    const syncStatus = page.getByRole('region', { name: 'Sync Status' });
    const row = syncStatus.getByRole('listitem');
    await expect(row).toHaveCount(1, { timeout: SYNC_TIMEOUT });
    await expect(row).toContainText(/Completed|Idle/, { timeout: SYNC_TIMEOUT });
    await expect(row).toContainText('4 added');
    await expect(row).toContainText('0 removed');

    // The manager's files: the four books, never the photo.
    const managerFiles = page.getByRole('list', { name: 'Files' });
    for (const name of BOOKS) await expect(managerFiles.getByText(name, { exact: true })).toBeVisible();
    await expect(managerFiles.getByRole('listitem')).toHaveCount(BOOKS.length);
    await expect(page.getByText('Holiday.jpg')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Connect Your First Drive' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'cloud drives manager');

    // The File Browser, with every file on the drive.
    await page.getByRole('tab', { name: 'File Browser' }).click();
    await expect(page).toHaveURL(/[?&]tab=browser\b/);
    const browser = page.getByRole('region', { name: 'File Browser' });
    const grid = browser.getByRole('grid', { name: 'Files' });
    const cards = grid.getByRole('gridcell');
    // A card is named by everything it shows (type, size, tags…); its file name is its own paragraph.
    const card = (name: string) => cards.filter({ has: page.getByText(name, { exact: true }) });
    await expect(cards).toHaveCount(BOOKS.length);
    for (const name of BOOKS) await expect(card(name)).toBeVisible();
    await expect(browser.getByText('4 files', { exact: true })).toBeVisible();

    // Type PDF: Foundation alone.
    const typeFilter = browser.getByRole('combobox', { name: 'File type' });
    await typeFilter.selectOption({ label: 'PDF' });
    await expect(cards).toHaveCount(1);
    await expect(card('Foundation.pdf')).toBeVisible();
    await expect(browser.getByText('1 file', { exact: true })).toBeVisible();
    await typeFilter.selectOption({ label: 'All Types' });
    await expect(cards).toHaveCount(BOOKS.length);

    // Search by part of a name, whatever its case.
    const search = browser.getByRole('searchbox', { name: 'Search files' });
    await search.fill('PRIDE');
    await expect(cards).toHaveCount(1);
    await expect(card('Pride and Prejudice.txt')).toBeVisible();
    await search.fill('no such book');
    await expect(browser.getByText('No files match your filters')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(BOOKS.length);

    // The folders view: a folder narrows to what lies in it, Clear folder filter shows everything again.
    await browser.getByRole('button', { name: 'Folders view' }).click();
    const folders = browser.getByRole('navigation', { name: 'Folders' });
    await folders.getByRole('button', { name: /^Science fiction/ }).click();
    await expect(browser.getByText('2 files in "Books/Science fiction"')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(card('Dune.epub')).toBeVisible();
    await expect(card('Foundation.pdf')).toBeVisible();
    await browser.getByRole('button', { name: 'Clear folder filter' }).click();
    await expect(cards).toHaveCount(BOOKS.length);
    await browser.getByRole('button', { name: 'Grid view' }).click();
    await expect(browser.getByRole('navigation', { name: 'Folders' })).toHaveCount(0);

    // A click selects one file, Ctrl (Cmd on a Mac) and click adds another.
    await card('Dune.epub').click();
    const selectionBar = browser.getByRole('region', { name: 'Selected files' });
    await expect(selectionBar).toContainText('1 file selected');
    await card('Pride and Prejudice.txt').click({ modifiers: ['ControlOrMeta'] });
    await expect(selectionBar).toContainText('2 files selected');
    await expect(card('Dune.epub')).toHaveAttribute('aria-selected', 'true');
    await expect(card('Pride and Prejudice.txt')).toHaveAttribute('aria-selected', 'true');
    await expect(card('Foundation.pdf')).toHaveAttribute('aria-selected', 'false');

    // Add Tag: Enter submits the trimmed tag; both files wear it, the others do not.
    const tag = `to read ${Date.now().toString(36)}`;
    await selectionBar.getByRole('button', { name: 'Add Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tag to Selected Files' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The tag goes on 2 files selected.');
    await expectNoSeriousA11yViolations(page, 'add tag dialog');
    await dialog.getByRole('textbox', { name: 'Tag' }).fill(`  ${tag}  `);
    await dialog.getByRole('textbox', { name: 'Tag' }).press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Tag added' })).toBeVisible();
    await expect(selectionBar).toHaveCount(0);
    const tagsOf = (name: string) => browser.getByRole('list', { name: `Tags of ${name}` });
    await expect(tagsOf('Dune.epub').getByRole('listitem')).toHaveText([tag]);
    await expect(tagsOf('Pride and Prejudice.txt').getByRole('listitem')).toHaveText([tag]);
    await expect(tagsOf('Foundation.pdf')).toHaveCount(0);
    await expect(tagsOf('Notes.txt')).toHaveCount(0);

    // The tag filter offers the new tag and narrows to its two files.
    const tagFilter = browser.getByRole('combobox', { name: 'Tag' });
    await tagFilter.selectOption(tag);
    await expect(cards).toHaveCount(2);
    await tagFilter.selectOption({ label: 'All Tags' });
    await expect(cards).toHaveCount(BOOKS.length);

    // Favourite one with its star.
    await card('Foundation.pdf').getByRole('button', { name: 'Add Foundation.pdf to favorites' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added to favorites' })).toBeVisible();
    const star = card('Foundation.pdf').getByRole('button', { name: 'Remove Foundation.pdf from favorites' });
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    const favoritesOnly = browser.getByRole('button', { name: 'Favorites only' });
    await favoritesOnly.click();
    await expect(cards).toHaveCount(1);
    await expect(card('Foundation.pdf')).toBeVisible();
    await favoritesOnly.click();
    await expect(cards).toHaveCount(BOOKS.length);

    // The tags and the favourite were saved, not just shown.
    await page.reload();
    await expect(cards).toHaveCount(BOOKS.length);
    await expect(tagsOf('Dune.epub').getByRole('listitem')).toHaveText([tag]);
    await expect(tagsOf('Pride and Prejudice.txt').getByRole('listitem')).toHaveText([tag]);
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(card('Dune.epub').getByRole('button', { name: 'Add Dune.epub to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expectNoSeriousA11yViolations(page, 'file browser');

    // Download: the link saves the drive's bytes under the file's name.
    const downloaded = page.waitForEvent('download');
    await card('Pride and Prejudice.txt').getByRole('link', { name: 'Download Pride and Prejudice.txt' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('Pride and Prejudice.txt');
    expect(await savedText(download)).toBe(PRIDE);

    // Opening a file (double-click) shows it in the reader over the browser; closing returns to the browser.
    await card('Notes.txt').dblclick();
    const reader = page.getByRole('dialog', { name: 'Notes.txt' });
    await expect(reader.locator('[data-rendered-page="1"]')).toContainText(NOTES.trim(), { timeout: 20_000 });
    await reader.getByRole('button', { name: 'Close reader' }).click();
    await expect(reader).toHaveCount(0);
    await expect(card('Notes.txt')).toBeVisible();
  });

  test("another reader sees none of the first reader's drive files", async ({ page, login }) => {
    test.setTimeout(60_000);
    await login();
    await connectGoogleDrive(page);
    const managerFiles = page.getByRole('list', { name: 'Files' });
    await expect(managerFiles.getByRole('listitem')).toHaveCount(BOOKS.length, { timeout: SYNC_TIMEOUT });

    const mine = await page.request.get('/api/cloud-drives/files');
    expect(mine.status()).toBe(200);
    const files = (await mine.json()) as { id: string; name: string }[];
    expect(files.map((f) => f.name).sort()).toEqual([...BOOKS]);
    const pride = files.find((f) => f.name === 'Pride and Prejudice.txt');
    if (!pride) throw new Error('Pride and Prejudice.txt is not among the files');
    const content = `/api/cloud-drives/files/${encodeURIComponent(pride.id)}/content`;
    const own = await page.request.get(content);
    expect(own.status()).toBe(200);
    expect(await own.text()).toBe(PRIDE);

    // A second reader signs up in the same browser: the session is theirs now.
    await login();
    const theirs = await page.request.get('/api/cloud-drives/files');
    expect(theirs.status()).toBe(200);
    expect(await theirs.json()).toEqual([]);
    const stranger = await page.request.get(content);
    expect(stranger.status()).toBe(404);
    expect(await stranger.text()).not.toContain('universally');
    const favorite = await page.request.post(`/api/cloud-drives/files/${encodeURIComponent(pride.id)}/favorite`, {
      headers: { 'x-requested-with': 'e2e' },
    });
    expect(favorite.status()).toBe(404);

    await page.goto('/cloud-drives');
    await expect(page.getByRole('heading', { name: 'Connect Your First Drive' })).toBeVisible();
    await expect(page.getByText('Sync a drive or upload books to see them here.')).toBeVisible();
    await expect(page.getByText('Pride and Prejudice.txt')).toHaveCount(0);
  });
});
