import { noisyPngImage } from '../test-support/src/images.js';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// Issue 13: photos of a reader's copy on Book Details. The browser compresses each photo to its share of the
// book's 1024 KB before upload; the server re-encodes it and serves it back under a content-hashed address.

// Compressing and re-encoding two detailed photos, and axe twice, take a while on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

test('upload two photos of a book and see them with the storage they take', async ({ page, login }) => {
  await login();
  const created = await page.request.post('/api/books', {
    headers: { 'x-requested-with': 'e2e' },
    data: { title: 'The Name of the Rose', author: 'Umberto Eco' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/books/${id}`);
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText(/Drag and drop photos of your copy here/)).toBeVisible();

  await photos.getByLabel('Photos to add').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: noisyPngImage(1000, 1400, 1) },
    { name: 'spine.png', mimeType: 'image/png', buffer: noisyPngImage(600, 900, 2) },
  ]);

  const thumbnails = photos.getByRole('list', { name: 'Photos' }).getByRole('img', { name: /^Photo \d of / });
  await expect(thumbnails).toHaveCount(2, { timeout: 30_000 });
  await expect(photos.getByRole('button', { name: 'Enhance Quality' })).toHaveCount(2);
  // Both fit the budget (each compressed to at most half of it), so the bar shows their share, not over it.
  const bar = photos.getByRole('progressbar', { name: 'Photo storage used' });
  await expect(bar).toBeVisible();
  await expect(photos.getByText(/ of 1\.0 MB \((\d|[1-9]\d|100)%\)$/)).toBeVisible();
  await expect(photos.getByText(/Over limit by/)).toHaveCount(0);

  // The thumbnails are the server's copies, which load (the browser decoded them).
  for (const img of await thumbnails.all()) {
    await expect(img).toHaveAttribute('src', new RegExp(`^/api/books/${id}/images/[0-9a-f-]{36}/[0-9a-f]{64}$`));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }

  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectNoSeriousA11yViolations(page, `book photos (${mode})`);
  }

  // Enlarge one; the arrow key moves to the next.
  await thumbnails.first().click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A reload shows the same photos: they are the book's.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: /^Photo \d of / })).toHaveCount(2);
});

test('add a book with a photo from the Add New Book dialog and see the photo on its page', async ({ page, login }) => {
  await login();
  const title = `Collector's Dune ${Date.now().toString(36)}`;
  await page.goto('/books?add=1');
  const dialog = page.getByRole('dialog', { name: 'Add New Book' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Author').fill('Frank Herbert');

  // The photo is compressed and kept in the browser until the book exists.
  await dialog
    .getByLabel('Photos to add')
    .setInputFiles([{ name: 'slipcase.png', mimeType: 'image/png', buffer: noisyPngImage(900, 1200, 3) }]);
  await expect(dialog.getByRole('img', { name: 'Photo 1, slipcase.png' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Photo storage used' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Add Book' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Book added', { exact: true })).toBeVisible();

  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const photos = page.getByRole('region', { name: 'Photos' });
  const thumbnail = photos.getByRole('img', { name: /^Photo 1 of / });
  await expect(thumbnail).toHaveCount(1);
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/books\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}\/[0-9a-f]{64}$/);
  await expect.poll(() => thumbnail.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(photos.getByRole('button', { name: 'Enhance Quality' })).toHaveCount(1);
});
