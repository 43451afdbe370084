import {
  BookMessages,
  CloudDriveMessages,
  FILE_BOOK_PATH,
  FileBookLinkSchema,
  type CloudFile,
} from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../../test/browser.js';
import { filePath, filesUrl, seedConnection, seedFiles } from './files-harness.js';

let t: TestApp;
let reader: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let fileId: string;
let strangerFileId: string;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  reader = await signUp(t.app);
  stranger = await signUp(t.app);
  fileId = (await seedFiles(t.database.db, await seedConnection(t.database.db, reader.me.id), ['Dune.epub']))[0]!;
  strangerFileId = (await seedFiles(t.database.db, await seedConnection(t.database.db, stranger.me.id), ['X.pdf']))[0]!;
});
afterAll(() => t.close());

async function addBook(browser: Browser): Promise<string> {
  const res = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const link = (browser: Browser, id: string, bookId: unknown) =>
  browser.request({ method: 'PUT', url: filePath(FILE_BOOK_PATH, id), payload: { bookId } });

const listedBookId = async (browser: Browser, id: string) =>
  (await browser.get(filesUrl())).json<CloudFile[]>().find((f) => f.id === id)?.bookId;

describe('PUT /api/cloud-drives/files/{id}/book', () => {
  it('links a file to one of my books, shows it in the files list, and unlinks it with null', async () => {
    const bookId = await addBook(reader.browser);
    const res = await link(reader.browser, fileId, bookId);
    expect(res.statusCode, res.body).toBe(200);
    expect(FileBookLinkSchema.parse(res.json())).toEqual({ fileId, bookId });
    expect(await listedBookId(reader.browser, fileId)).toBe(bookId);

    const unlinked = await link(reader.browser, fileId, null);
    expect(unlinked.json()).toEqual({ fileId, bookId: null });
    expect(await listedBookId(reader.browser, fileId)).toBeNull();
  });

  it('refuses another reader’s book and a deleted one as not found, changing nothing', async () => {
    const mine = await addBook(reader.browser);
    await link(reader.browser, fileId, mine);
    const theirs = await addBook(stranger.browser);
    const res = await link(reader.browser, fileId, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(BookMessages.notFound);

    const trashed = await addBook(reader.browser);
    expect((await reader.browser.delete(`/api/books/${trashed}`)).statusCode).toBe(204);
    expect((await link(reader.browser, fileId, trashed)).statusCode).toBe(404);
    expect((await link(reader.browser, fileId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await listedBookId(reader.browser, fileId)).toBe(mine);
  });

  it('refuses a file I cannot see, a bad bookId, and a visitor', async () => {
    const mine = await addBook(reader.browser);
    for (const id of [strangerFileId, 'google_missing']) {
      const res = await link(reader.browser, id, mine);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(CloudDriveMessages.fileNotFound);
    }
    for (const bookId of ['dune', undefined, 7]) {
      const res = await link(reader.browser, fileId, bookId);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { issues: { path: string }[] } }>().error.issues[0]?.path).toBe('body.bookId');
    }
    expect((await link(createBrowser(t.app), fileId, mine)).statusCode).toBe(401);
    // The stranger's own link of their own file is theirs alone.
    const theirBook = await addBook(stranger.browser);
    expect((await link(stranger.browser, strangerFileId, theirBook)).statusCode).toBe(200);
    expect(await listedBookId(stranger.browser, strangerFileId)).toBe(theirBook);
  });
});
