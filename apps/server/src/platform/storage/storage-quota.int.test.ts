import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CloudDrivePaths, StorageMessages, StoragePaths, type BookImage, type StorageUsage } from '@bookshelf/contract';
import { pngImage } from '@bookshelf/test-support';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookImages, driveFiles, rateLimits } from '../../db/schema/index.js';
import type { BlobStore } from './blob-store.js';
import { createDiskStore } from './disk-store.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp, type Browser } from '../../test/browser.js';
import { books, multipartForm } from '../../features/cloud-drives/files/files-harness.js';
import { UPLOAD_RATE } from '../../features/cloud-drives/files/uploads.service.js';

/**
 * One reader stored 320 MB in 2 s and could fill DATA_DIR (issue 27): uploads and photos count against each
 * reader's space, uploads are rate-limited, and a full space or a full disk leaves nothing behind.
 */
const QUOTA = 100 * 1024;

/** Every file under the blob folder, the store's temporary files included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const upload = (browser: Browser, parts: Parameters<typeof multipartForm>[0]) =>
  browser.request({ method: 'POST', url: CloudDrivePaths.uploads, ...multipartForm(parts) });

const BOUNDARY = '----bookshelf-photo';
const photoUpload = (browser: Browser, bookId: string, bytes: Buffer) =>
  browser.request({
    method: 'POST',
    url: `/api/books/${bookId}/images`,
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

const usageOf = async (browser: Browser) => (await browser.get(StoragePaths.usage)).json<StorageUsage>();

async function rowCounts(t: TestApp) {
  const [files] = await t.database.db.select({ n: count() }).from(driveFiles);
  const [photos] = await t.database.db.select({ n: count() }).from(bookImages);
  return { files: files?.n, photos: photos?.n };
}

describe('the storage quota', () => {
  let t: TestApp;
  let blobDir: string;
  beforeAll(async () => {
    blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-quota-'));
    t = await createTestApp({ startJobs: false, storage: createDiskStore(blobDir), storageQuotaBytes: QUOTA });
  });
  afterAll(async () => {
    await t.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  it('counts uploaded files and book photos, per reader, and says how much is used of how much', async () => {
    const { browser } = await signUp(t.app);
    expect(await usageOf(browser)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    const res = await upload(browser, [{ name: 'Paper.pdf', content: books.pdf(30 * 1024) }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await usageOf(browser)).toEqual({ usedBytes: 30 * 1024, quotaBytes: QUOTA });

    const book = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
    const photo = await photoUpload(browser, book.json<{ id: string }>().id, pngImage(60, 90));
    expect(photo.statusCode, photo.body).toBe(201);
    expect((await usageOf(browser)).usedBytes).toBe(30 * 1024 + photo.json<BookImage>().bytes);

    const other = await signUp(t.app);
    expect(await usageOf(other.browser)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
  });

  it('refuses an upload that would pass it with 413, and keeps no row and no blob of it', async () => {
    const { browser } = await signUp(t.app);
    expect((await upload(browser, [{ name: 'A.pdf', content: books.pdf(60 * 1024) }])).statusCode).toBe(201);
    const before = { rows: await rowCounts(t), blobs: filesUnder(blobDir), usage: await usageOf(browser) };

    const res = await upload(browser, [
      { name: 'Small.txt', content: books.txt() },
      { name: 'B.pdf', content: books.pdf(60 * 1024) },
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: StorageMessages.quotaExceeded(QUOTA - 60 * 1024 - books.txt().length),
    });
    expect({ rows: await rowCounts(t), blobs: filesUnder(blobDir), usage: await usageOf(browser) }).toEqual(before);
  });

  it('holds when two uploads race for the last free space: one of them is refused', async () => {
    const { browser } = await signUp(t.app);
    const answers = await Promise.all([
      upload(browser, [{ name: 'One.pdf', content: books.pdf(60 * 1024) }]),
      upload(browser, [{ name: 'Two.pdf', content: books.pdf(60 * 1024) }]),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
    expect((await usageOf(browser)).usedBytes).toBe(60 * 1024);
  });

  it('refuses a photo that would pass it with 413, and keeps no row and no blob of it', async () => {
    const { browser } = await signUp(t.app);
    expect((await upload(browser, [{ name: 'A.pdf', content: books.pdf(QUOTA - 100) }])).statusCode).toBe(201);
    const book = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
    const before = { rows: await rowCounts(t), blobs: filesUnder(blobDir) };
    const res = await photoUpload(browser, book.json<{ id: string }>().id, pngImage(60, 90));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('QUOTA_EXCEEDED');
    expect({ rows: await rowCounts(t), blobs: filesUnder(blobDir) }).toEqual(before);
  });
});

describe('the upload rate limit', () => {
  it(`counts every upload request, and past ${UPLOAD_RATE.limit} an ${UPLOAD_RATE.window} answers 429 with Retry-After`, async () => {
    const t = await createTestApp({ startJobs: false });
    try {
      const { browser, me } = await signUp(t.app);
      // Refused files count too: the limit is on requests, before a byte is stored.
      expect((await upload(browser, [{ name: 'x.exe', content: 'MZ' }])).statusCode).toBe(400);
      const key = `uploads:${me.id}`;
      const [counted] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      expect(counted?.count).toBe(1);
      // The rest of the hour's requests, without sending them one by one.
      await t.database.db.update(rateLimits).set({ count: UPLOAD_RATE.limit }).where(eq(rateLimits.key, key));
      const before = await rowCounts(t);
      const res = await upload(browser, [{ name: 'Paper.pdf', content: books.pdf() }]);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rowCounts(t)).toEqual(before);
      // Another reader has a limit of their own.
      const other = await signUp(t.app);
      expect((await upload(other.browser, [{ name: 'P.pdf', content: books.pdf() }])).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('a full disk', () => {
  /** The real disk store, except that every put fails with ENOSPC after its first bytes reached the disk. */
  function fillingStore(real: BlobStore): BlobStore {
    return {
      ...real,
      put(key: string, body: Readable, options) {
        // Half of the first chunk is written, then the disk is full: an error of the body the store is writing.
        const failing = Readable.from(
          (async function* () {
            for await (const chunk of body as AsyncIterable<Buffer>) {
              yield chunk.subarray(0, Math.ceil(chunk.length / 2));
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            }
          })(),
        );
        return real.put(key, failing, options);
      },
    };
  }

  let t: TestApp;
  let blobDir: string;
  beforeAll(async () => {
    blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-full-'));
    t = await createTestApp({ startJobs: false, storage: fillingStore(createDiskStore(blobDir)) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  it('answers an upload 507, with no row pointing at a missing blob and no partial blob left', async () => {
    const { browser } = await signUp(t.app);
    const before = await rowCounts(t);
    const res = await upload(browser, [{ name: 'Paper.pdf', content: books.pdf(64 * 1024) }]);
    expect(res.statusCode, res.body).toBe(507);
    expect(await rowCounts(t)).toEqual(before);
    expect(filesUnder(blobDir)).toEqual([]);
  });

  it('answers a photo 507 the same way', async () => {
    const { browser } = await signUp(t.app);
    const book = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
    const bookId = book.json<{ id: string }>().id;
    const res = await photoUpload(browser, bookId, pngImage(200, 300));
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json().error.message).toBe(StorageMessages.diskFull);
    expect(await rowCounts(t)).toMatchObject({ photos: 0 });
    expect((await browser.get(`/api/books/${bookId}`)).json<{ images: string[] }>().images).toEqual([]);
    expect(filesUnder(blobDir)).toEqual([]);
  });
});
