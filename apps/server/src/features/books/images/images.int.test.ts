import { ImageLimits, ImageMessages, type Book, type BookImage, type BookImageList } from '@bookshelf/contract';
import { eq, sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noisyPngImage, pngImage } from '@bookshelf/test-support';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookImages, books } from '../../../db/schema/index.js';
import { enqueueJob } from '../../../platform/jobs/job-store.js';
import { createDiskStore } from '../../../platform/storage/disk-store.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../../test/browser.js';

/**
 * Book photos through the API, on a real database and real image bytes: the type is judged by the bytes,
 * never the name; uploads are re-encoded without EXIF; 5 photos and 1024 KB per book hold under concurrent
 * uploads; photos are served only to those who may see the book, and a removed photo's address is gone.
 */
let t: TestApp;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-images-test-'));
  t = await createTestApp({ startJobs: false, storage: createDiskStore(blobDir) });
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const BOUNDARY = '----bookshelf-photo';
function multipart(bytes: Buffer, filename: string, type: string, field = 'file') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const upload = (browser: Browser, bookId: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') =>
  browser.request({
    method: 'POST',
    url: `/api/books/${bookId}/images`,
    payload: multipart(bytes, filename, type),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

async function uploaded(browser: Browser, bookId: string, bytes: Buffer = pngImage(60, 90)): Promise<BookImage> {
  const res = await upload(browser, bookId, bytes, 'photo.png', 'image/png');
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BookImage>();
}

async function readerWithBook(images: string[] = []) {
  const reader = await signUp(t.app);
  const res = await reader.browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert', images });
  expect(res.statusCode).toBe(201);
  return { ...reader, book: res.json<Book>() };
}

const bookOf = async (browser: Browser, id: string) => (await browser.get(`/api/books/${id}`)).json<Book>();
const blobCount = async (bookId: string) =>
  (await t.database.db.select().from(bookImages).where(eq(bookImages.bookId, bookId))).length;

describe('POST /api/books/{id}/images', () => {
  it('accepts a PNG named .jpg by what its bytes are, and stores it re-encoded as JPEG', async () => {
    const { browser, book } = await readerWithBook();
    const res = await upload(browser, book.id, pngImage(120, 80), 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<BookImage>();
    expect(image.url).toMatch(new RegExp(`^/api/books/${book.id}/images/${image.id}/[0-9a-f]{64}$`));
    expect(image).toMatchObject({ width: 120, height: 80 });

    const served = await browser.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload.length).toBe(image.bytes);

    expect((await bookOf(browser, book.id)).images).toEqual([image.url]);
    const list = (await browser.get(`/api/books/${book.id}/images`)).json<BookImageList>();
    expect(list.items).toEqual([image]);
  });

  it('refuses an HTML page named .png with the spec’s message, naming the field, and stores nothing', async () => {
    const { browser, book } = await readerWithBook();
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const res = await upload(browser, book.id, html, 'cover.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: ImageMessages.invalidType, issues: [{ path: 'file', message: ImageMessages.invalidType }] },
    });
    expect((await bookOf(browser, book.id)).images).toEqual([]);
    expect(await blobCount(book.id)).toBe(0);
  });

  it('refuses bytes that start like an image but are not one', async () => {
    const { browser, book } = await readerWithBook();
    const broken = Buffer.concat([pngImage(10, 10).subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(browser, book.id, broken, 'broken.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { issues: [{ path: 'file', message: ImageMessages.processingFailed }] },
    });
  });

  it('answers 400 without a file field and 413 past 10 MB', async () => {
    const { browser, book } = await readerWithBook();
    const json = await browser.post(`/api/books/${book.id}/images`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: { issues: [{ path: 'file' }] } });
    const big = Buffer.concat([pngImage(10, 10), Buffer.alloc(ImageLimits.uploadMaxBytes + 1)]);
    const res = await upload(browser, book.id, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { message: ImageMessages.uploadTooLarge } });
  });

  it('refuses a 6th image, counting web addresses the book already lists', async () => {
    const { browser, book } = await readerWithBook(['https://example.org/front.jpg']);
    for (let i = 0; i < 4; i += 1) await uploaded(browser, book.id);
    const sixth = await upload(browser, book.id, pngImage(20, 20), 'sixth.png', 'image/png');
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ error: { message: ImageMessages.tooMany, issues: [{ path: 'file' }] } });
    expect((await bookOf(browser, book.id)).images).toHaveLength(5);
    expect(await blobCount(book.id)).toBe(4);
  });

  it('holds the book to 1024 KB of photos after re-encoding', async () => {
    const { browser, book } = await readerWithBook();
    const first = await uploaded(browser, book.id, noisyPngImage(800, 1000, 1));
    const second = await uploaded(browser, book.id, noisyPngImage(800, 1000, 2));
    expect(first.bytes + second.bytes).toBeLessThan(ImageLimits.budgetBytes);
    const third = await upload(browser, book.id, noisyPngImage(800, 1000, 3), 'third.png', 'image/png');
    expect(third.statusCode).toBe(400);
    const error = third.json<{ error: { message: string; issues: { path: string }[] } }>().error;
    expect(error.message).toMatch(/^The photos of a book can take at most 1024 KB together\. Over limit by \d/);
    expect(error.issues[0]!.path).toBe('file');
    expect((await bookOf(browser, book.id)).images).toEqual([first.url, second.url]);
  });

  it('fits a large photo within 800×1200 and turns it upright by its EXIF orientation', async () => {
    const { browser, book } = await readerWithBook();
    const tall = await uploaded(browser, book.id, pngImage(1000, 3000));
    expect(tall).toMatchObject({ width: 400, height: 1200 });
    // Stored sideways, 300×100, with "rotate 90° clockwise to view" (orientation 6): upright it is 100×300.
    const sideways = await sharp(pngImage(300, 100)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(browser, book.id, sideways);
    expect(res.statusCode).toBe(201);
    expect(res.json<BookImage>()).toMatchObject({ width: 100, height: 300 });
  });

  it('takes WebP, and never makes a photo the browser compressed larger than it was sent', async () => {
    const { browser, book } = await readerWithBook();
    const webp = await sharp(noisyPngImage(300, 200)).webp({ quality: 60 }).toBuffer();
    const fromWebp = await upload(browser, book.id, webp, 'shelf.webp', 'image/webp');
    expect(fromWebp.statusCode, fromWebp.body).toBe(201);
    expect(fromWebp.json<BookImage>()).toMatchObject({ width: 300, height: 200 });

    const compressed = await sharp(noisyPngImage(600, 800, 7))
      .jpeg({ quality: 30 })
      .toBuffer();
    const res = await upload(browser, book.id, compressed);
    expect(res.statusCode).toBe(201);
    expect(res.json<BookImage>().bytes).toBeLessThanOrEqual(compressed.length);
  });

  it('strips EXIF, GPS position included, from what it stores and serves', async () => {
    const { browser, book } = await readerWithBook();
    const photo = await sharp(noisyPngImage(200, 150))
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2646/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3958/100',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const image = (await upload(browser, book.id, photo)).json<BookImage>();
    const served = (await browser.get(image.url)).rawPayload;
    const after = await sharp(served).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.includes(Buffer.from('Exif'))).toBe(false);
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('never lets concurrent uploads make more than 5 photos', async () => {
    const { browser, book } = await readerWithBook();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(browser, book.id, pngImage(30 + i, 30), `p${i}.png`, 'image/png')),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    const images = (await bookOf(browser, book.id)).images;
    expect(images).toHaveLength(5);
    expect(await blobCount(book.id)).toBe(5);
    // Each refused upload deleted the file it had stored.
    const [row] = await t.database.db.select().from(bookImages).where(eq(bookImages.bookId, book.id));
    const folder = path.join(blobDir, path.dirname(row!.storageKey));
    expect(readdirSync(folder).filter((name) => !name.startsWith('.'))).toHaveLength(5);
  });

  it('replaces a photo in its place (Enhance Quality), retiring the old address', async () => {
    const { browser, book } = await readerWithBook();
    const first = await uploaded(browser, book.id, pngImage(40, 40, [200, 10, 10]));
    const second = await uploaded(browser, book.id, pngImage(40, 40, [10, 200, 10]));
    const res = await browser.request({
      method: 'POST',
      url: `/api/books/${book.id}/images?replace=${first.id}`,
      payload: multipart(pngImage(40, 40, [10, 10, 200]), 'enhanced.jpg', 'image/jpeg'),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const enhanced = res.json<BookImage>();
    expect((await bookOf(browser, book.id)).images).toEqual([enhanced.url, second.url]);
    expect((await browser.get(first.url)).statusCode).toBe(404);
    expect((await browser.get(enhanced.url)).statusCode).toBe(200);
  });
});

describe('who sees and changes photos', () => {
  it('serves a photo to its owner only: another reader gets 404, a visitor 401', async () => {
    const { browser, book } = await readerWithBook();
    const image = await uploaded(browser, book.id);
    const other = (await signUp(t.app)).browser;
    expect((await other.get(image.url)).statusCode).toBe(404);
    expect((await other.get(`/api/books/${book.id}/images`)).statusCode).toBe(404);
    expect((await other.delete(`/api/books/${book.id}/images/${image.id}`)).statusCode).toBe(404);
    expect((await upload(other, book.id, pngImage(10, 10))).statusCode).toBe(404);
    expect((await createBrowser(t.app).get(image.url)).statusCode).toBe(401);
    // A wrong hash is a missing photo too.
    expect((await browser.get(image.url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)))).statusCode).toBe(404);
    expect(await blobCount(book.id)).toBe(1);
  });

  it('DELETE removes the photo and its address; the URL then answers 404', async () => {
    const { browser, book } = await readerWithBook();
    const keep = await uploaded(browser, book.id);
    const gone = await uploaded(browser, book.id);
    const res = await browser.delete(`/api/books/${book.id}/images/${gone.id}`);
    expect(res.statusCode).toBe(204);
    expect((await browser.get(gone.url)).statusCode).toBe(404);
    expect((await bookOf(browser, book.id)).images).toEqual([keep.url]);
    expect((await browser.delete(`/api/books/${book.id}/images/${gone.id}`)).statusCode).toBe(404);
  });

  it('hides the photos of a book in the trash, and deletes them with it when the trash is purged', async () => {
    const { browser, book } = await readerWithBook();
    const image = await uploaded(browser, book.id);
    const [row] = await t.database.db.select().from(bookImages).where(eq(bookImages.id, image.id));
    expect(existsSync(path.join(blobDir, row!.storageKey))).toBe(true);
    expect((await browser.delete(`/api/books/${book.id}`)).statusCode).toBe(204);
    expect((await browser.get(image.url)).statusCode).toBe(404);

    await t.database.db
      .update(books)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(books.id, book.id));
    await enqueueJob(t.database.db, 'books.purge-trash', {}, { dedupeKey: `purge:${book.id}` });
    await t.app.jobs.drain();
    expect(await blobCount(book.id)).toBe(0);
    expect(existsSync(path.join(blobDir, row!.storageKey))).toBe(false);
  });
});

describe('PATCH /api/books/{id} and uploaded photos', () => {
  it('keeps uploaded photos when images is set, and counts them toward 5', async () => {
    const { browser, book } = await readerWithBook(['https://example.org/old.jpg']);
    const image = await uploaded(browser, book.id);
    const res = await browser.patch(`/api/books/${book.id}`, { images: ['https://example.org/new.jpg'] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Book>().images).toEqual([image.url, 'https://example.org/new.jpg']);

    const five = Array.from({ length: 5 }, (_, i) => `https://example.org/${i}.jpg`);
    const tooMany = await browser.patch(`/api/books/${book.id}`, { images: five });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: { issues: [{ path: 'body.images', message: ImageMessages.tooMany }] },
    });
    // An uploaded photo's address cannot be sent back: PATCH takes web addresses only.
    expect((await browser.patch(`/api/books/${book.id}`, { images: [image.url] })).statusCode).toBe(400);
    expect((await bookOf(browser, book.id)).images).toEqual([image.url, 'https://example.org/new.jpg']);
  });
});
