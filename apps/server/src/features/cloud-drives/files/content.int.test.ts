import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDriveMessages, CloudDrivePaths, type CloudFile, type UploadResult } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { books, filePath, multipartForm, seedConnection, seedFiles } from './files-harness.js';

const content = (id: string, query = '') => `${filePath(CloudDrivePaths.content, id)}${query}`;

async function uploaded(browser: Browser, name: string, bytes: Buffer): Promise<CloudFile> {
  const form = multipartForm([{ name, content: bytes }]);
  const res = await browser.request({ method: 'POST', url: CloudDrivePaths.uploads, ...form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadResult>().files[0]!;
}

describe('content of an upload', () => {
  let t: TestApp;
  let reader: Awaited<ReturnType<typeof signUp>>;
  let file: CloudFile;
  const bytes = books.pdf(150 * 1024);

  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
    reader = await signUp(t.app);
    file = await uploaded(reader.browser, 'Über “Reading”; a test.pdf', bytes);
  });
  afterAll(() => t.close());

  it('streams the whole file inline with safe headers', async () => {
    const res = await reader.browser.get(file.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/filename="[^"]*[";][^"]*"/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Über “Reading”; a test.pdf');

    const download = await reader.browser.get(content(file.id, '?download=1'));
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('answers one byte range with 206, and several with the whole file', async () => {
    const range = await reader.browser.get(file.downloadUrl!, { headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.headers['content-length']).toBe('100');
    expect(range.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const open = await reader.browser.get(file.downloadUrl!, { headers: { range: 'bytes=150000-' } });
    expect(open.rawPayload.equals(bytes.subarray(150000))).toBe(true);
    const suffix = await reader.browser.get(file.downloadUrl!, { headers: { range: 'bytes=-10' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    // Reassembled from ranges, the bytes are the file's.
    const pieces: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += 50_000) {
      const res = await reader.browser.get(file.downloadUrl!, {
        headers: { range: `bytes=${start}-${Math.min(start + 49_999, bytes.length - 1)}` },
      });
      pieces.push(res.rawPayload);
    }
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);

    const several = await reader.browser.get(file.downloadUrl!, { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(bytes)).toBe(true);

    const past = await reader.browser.get(file.downloadUrl!, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('is 404 for another reader and for an unknown file, 502 when a drive’s provider is not set up', async () => {
    const stranger = await signUp(t.app);
    for (const url of [file.downloadUrl!, content('uploads_missing')]) {
      const res = await stranger.browser.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CloudDriveMessages.fileNotFound);
    }
    const drive = await seedConnection(t.database.db, reader.me.id);
    const [cloud] = await seedFiles(t.database.db, drive, ['Cloud.pdf'], { hasThumbnail: true });
    const res = await reader.browser.get(content(cloud!));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/^Failed to download file: /);
    expect((await reader.browser.get(filePath(CloudDrivePaths.thumbnail, file.id))).statusCode).toBe(404);
  });
});

describe('content of the library folder', () => {
  let t: TestApp;
  let dir: string;
  const epub = books.epub();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-content-'));
    mkdirSync(path.join(dir, 'Shelf'));
    writeFileSync(path.join(dir, 'Shelf', 'Novel.epub'), epub);
    t = await createTestApp({ drives: { libraryDir: dir, libraryDirShared: true }, startJobs: false });
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the folder’s files to every reader and streams them, with ranges', async () => {
    await signUp(t.app); // the administrator
    const reader = await signUp(t.app);
    const listed = (await reader.browser.get(CloudDrivePaths.files)).json<CloudFile[]>();
    expect(listed).toMatchObject([{ name: 'Novel.epub', provider: 'local', parentFolder: 'Shelf', fileType: 'epub' }]);
    const whole = await reader.browser.get(listed[0]!.downloadUrl!);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers['content-type']).toBe('application/epub+zip');
    expect(whole.rawPayload.equals(epub)).toBe(true);
    const range = await reader.browser.get(listed[0]!.downloadUrl!, { headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(epub.subarray(0, 10))).toBe(true);

    // Marks on the shared folder's files are each reader's own.
    await reader.browser.post(filePath(CloudDrivePaths.favorite, listed[0]!.id));
    const other = await signUp(t.app);
    expect((await other.browser.get(CloudDrivePaths.files)).json()).toMatchObject([{ isFavorite: false }]);
  });
});
