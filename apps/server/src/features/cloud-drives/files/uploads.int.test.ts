import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { realBook } from '@bookshelf/test-support';
import {
  CloudDriveLimits,
  CloudDriveMessages,
  CloudDrivePaths,
  fileSizeLabel,
  type UploadResult,
} from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveConnections, driveFiles } from '../../../db/schema/index.js';
import { createDiskStore } from '../../../platform/storage/disk-store.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { books, filePath, multipartForm, zipOf } from './files-harness.js';

const MAX = 300 * 1024;
let t: TestApp;
let blobDir: string;
let reader: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-uploads-'));
  t = await createTestApp({ startJobs: false, storage: createDiskStore(blobDir), drives: { uploadMaxBytes: MAX } });
  reader = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const upload = (browser: Browser, parts: Parameters<typeof multipartForm>[0]) => {
  const form = multipartForm(parts);
  return browser.request({ method: 'POST', url: CloudDrivePaths.uploads, ...form });
};
/** The blobs stored under the reader's uploads folder. */
const blobsOf = (userId: string) => {
  try {
    return readdirSync(path.join(blobDir, 'drive-uploads', userId));
  } catch {
    return [];
  }
};

describe('POST uploads', () => {
  it('types every kind of book by its bytes and files them in My Uploads', async () => {
    const res = await upload(reader.browser, [
      { name: 'Paper.pdf', content: books.pdf(), type: 'text/html' },
      { name: 'Novel.epub', content: books.epub() },
      { name: 'Report.docx', content: books.docx() },
      { name: 'Late main part.docx', content: books.docx(80 * 1024) },
      { name: 'Comic.cbz', content: books.cbz() },
      { name: 'Kindle.mobi', content: books.mobi() },
      { name: 'Kindle.azw3', content: books.mobi() },
      { name: 'KF8 book', content: books.mobi(8) },
      { name: 'Tale.fb2', content: books.fb2() },
      { name: 'Old.doc', content: books.doc() },
      { name: 'Notes ✓.txt', content: books.txt() },
      { name: 'Mislabelled.txt', content: books.epub() },
      { name: 'Not a book.epub', content: zipOf([['mimetype', 'application/epub+zip']]) },
      { name: 'page.pdf', content: '<!doctype html><script>alert(1)</script>' },
      { name: 'archive.zip', content: books.cbz() },
      { name: 'sheet.xls', content: books.doc() },
      { name: 'binary.txt', content: Buffer.from([0x41, 0x00, 0x42]) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<UploadResult>();
    const typeOf = Object.fromEntries(result.files.map((f) => [f.name, f.fileType]));
    expect(typeOf).toEqual({
      'Paper.pdf': 'pdf',
      'Novel.epub': 'epub',
      'Report.docx': 'docx',
      'Late main part.docx': 'docx',
      'Comic.cbz': 'cbz',
      'Kindle.mobi': 'mobi',
      'Kindle.azw3': 'azw3',
      'KF8 book': 'azw3',
      'Tale.fb2': 'fb2',
      'Old.doc': 'doc',
      'Notes ✓.txt': 'txt',
      'Mislabelled.txt': 'epub',
    });
    expect(result.rejected).toEqual([
      // A name of a type we take over other content is not valid (issue 27), never "unsupported".
      { name: 'Not a book.epub', error: 'This file is not a valid EPUB' },
      { name: 'page.pdf', error: 'This file is not a valid PDF' },
      { name: 'archive.zip', error: CloudDriveMessages.unsupportedType('zip') },
      { name: 'sheet.xls', error: CloudDriveMessages.unsupportedType('xls') },
      { name: 'binary.txt', error: 'This file is not a valid text file' },
    ]);
    const paper = result.files.find((f) => f.name === 'Paper.pdf')!;
    expect(paper).toMatchObject({
      provider: 'uploads',
      driveName: 'My Uploads',
      size: books.pdf().length,
      parentFolder: null,
      thumbnailUrl: null,
      isFavorite: false,
      tags: [],
    });
    expect(paper.id).toMatch(/^uploads_[0-9a-f-]{36}$/);
    expect(paper.externalId).toBe(paper.id.slice('uploads_'.length));

    // One connection, one row and one blob per file; nothing of the refused ones.
    const connections = await t.database.db
      .select()
      .from(driveConnections)
      .where(eq(driveConnections.userId, reader.me.id));
    expect(connections).toMatchObject([{ provider: 'uploads', accountName: 'My Uploads' }]);
    const rows = await t.database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, connections[0]!.id));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.storageKey === `drive-uploads/${reader.me.id}/${r.externalId}`)).toBe(true);
    expect(blobsOf(reader.me.id).sort()).toEqual(rows.map((r) => r.externalId).sort());

    const listed = await reader.browser.get(`${CloudDrivePaths.files}?connectionId=${connections[0]!.id}`);
    expect(listed.json()).toHaveLength(12);
  });

  it('takes the files real tools make: calibre’s EPUB with mimetype late, its MOBI and AZW3, an FB2', async () => {
    const res = await upload(reader.browser, [
      { name: 'Quick Start Guide.epub', content: realBook('calibreQuickStart') },
      { name: 'MiniHelp.en.fb2', content: realBook('fb2UndefinedEntity') },
      { name: 'Keeper.mobi', content: realBook('keepersLogMobi') },
      { name: 'Keeper.azw3', content: realBook('keepersLogAzw3') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<UploadResult>();
    expect(result.rejected).toEqual([]);
    expect(Object.fromEntries(result.files.map((f) => [f.name, f.fileType]))).toEqual({
      'Quick Start Guide.epub': 'epub',
      'MiniHelp.en.fb2': 'fb2',
      'Keeper.mobi': 'mobi',
      'Keeper.azw3': 'azw3',
    });
  });

  it('keeps one My Uploads per reader when first uploads race', async () => {
    const racer = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(racer.browser, [{ name: `r${i}.txt`, content: books.txt() }])),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const connections = await t.database.db
      .select()
      .from(driveConnections)
      .where(eq(driveConnections.userId, racer.me.id));
    expect(connections).toHaveLength(1);
  });

  it('answers 400 naming file when every file is refused or none was sent, and for too many files', async () => {
    const before = blobsOf(reader.me.id).length;
    const refused = await upload(reader.browser, [{ name: 'evil.pdf', content: '<html><body>hi</body></html>' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'This file is not a valid PDF',
      issues: [{ path: 'file' }],
    });

    const none = await upload(reader.browser, [{ name: 'x.pdf', content: books.pdf(), field: 'other' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues[0].path).toBe('file');

    const json = await reader.browser.post(CloudDrivePaths.uploads, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.issues[0].path).toBe('file');

    const many = await upload(
      reader.browser,
      Array.from({ length: CloudDriveLimits.uploadMaxFiles + 1 }, (_, i) => ({ name: `m${i}.txt`, content: 'text' })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error.issues[0].path).toBe('file');
    expect(blobsOf(reader.me.id)).toHaveLength(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413, keeping neither its blob nor the others of the request', async () => {
    const before = await t.database.db.select().from(driveFiles);
    const blobs = blobsOf(reader.me.id).length;
    const res = await upload(reader.browser, [
      { name: 'small.pdf', content: books.pdf() },
      { name: 'big.pdf', content: books.pdf(MAX + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CloudDriveMessages.uploadTooLarge(fileSizeLabel(MAX)));
    expect(res.json().error.issues[0].path).toBe('file');
    expect(await t.database.db.select().from(driveFiles)).toHaveLength(before.length);
    expect(blobsOf(reader.me.id)).toHaveLength(blobs);
    // Exactly the cap is fine.
    const exact = await upload(reader.browser, [{ name: 'exact.pdf', content: books.pdf(MAX) }]);
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('deletes an upload with its blob; other drives’ files are not deleted here', async () => {
    const res = await upload(reader.browser, [{ name: 'Gone.txt', content: books.txt() }]);
    const file = res.json<UploadResult>().files[0]!;
    const stranger = await signUp(t.app);
    expect((await stranger.browser.delete(filePath(CloudDrivePaths.file, file.id))).statusCode).toBe(404);

    const deleted = await reader.browser.delete(filePath(CloudDrivePaths.file, file.id));
    expect(deleted.statusCode).toBe(204);
    expect(blobsOf(reader.me.id)).not.toContain(file.externalId);
    expect((await reader.browser.get(filePath(CloudDrivePaths.content, file.id))).statusCode).toBe(404);
    expect((await reader.browser.delete(filePath(CloudDrivePaths.file, file.id))).statusCode).toBe(404);

    const [drive] = await t.database.db
      .insert(driveConnections)
      .values({ userId: reader.me.id, provider: 'google', accountName: 'G', externalAccountId: 'g1' })
      .returning();
    await t.database.db.insert(driveFiles).values({
      id: 'google_keep',
      connectionId: drive!.id,
      externalId: 'keep',
      name: 'Keep.pdf',
      fileType: 'pdf',
      modifiedAt: new Date(),
    });
    const refused = await reader.browser.delete(filePath(CloudDrivePaths.file, 'google_keep'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Only uploaded files can be deleted here.');
  });
});
