import { startFakeGoogleDrive, type FakeGoogleDrive } from '@bookshelf/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleDriveProvider } from './google-drive.js';
import type { ChangesPage, FileProvider } from './provider.js';
import { listAll, providerFailure } from './provider-test-kit.js';
import { buffer } from 'node:stream/consumers';

let drive: FakeGoogleDrive;
let provider: FileProvider;
const auth = { accessToken: 'access-1' };

beforeAll(async () => {
  drive = await startFakeGoogleDrive();
  provider = createGoogleDriveProvider({
    clientId: 'client',
    clientSecret: 'secret',
    apiBaseUrl: drive.url,
    allowPrivateAddresses: false,
  });
});
beforeEach(() => {
  drive.setFiles([]);
  drive.setTokenCheck((t) => t.length > 0);
  drive.requests.length = 0;
});
afterAll(async () => {
  await provider.close();
  await drive.close();
});

async function allChanges(cursor: string): Promise<ChangesPage & { pages: number }> {
  const all: ChangesPage & { pages: number } = {
    changed: [],
    removed: [],
    nextPageToken: null,
    newCursor: null,
    pages: 0,
  };
  for (let at: string | null = cursor; at;) {
    const page = await provider.changesPage(auth, at);
    all.changed.push(...page.changed);
    all.removed.push(...page.removed);
    all.pages += 1;
    all.newCursor = page.newCursor;
    at = page.nextPageToken;
  }
  return all;
}

describe('listing', () => {
  it('pages 250 files 100 at a time, with folder paths resolved once per folder', async () => {
    drive.generateFiles({ count: 250, perFolder: 50, under: 'Books' });
    const { files, pages } = await listAll(provider, auth);
    expect(pages).toBe(3);
    expect(files).toHaveLength(250);
    expect(new Set(files.map((f) => f.externalId)).size).toBe(250);
    const first = files.find((f) => f.name === 'Book 00001.pdf')!;
    const source = drive.fileAt('Books/Folder 0001/Book 00001.pdf')!;
    expect(first).toMatchObject({
      externalId: source.id,
      fileType: 'pdf',
      mimeType: 'application/pdf',
      size: 2048,
      parentFolder: 'Books/Folder 0001',
      hasThumbnail: true,
      version: drive.file(source.id)!.md5Checksum,
    });
    expect(files.find((f) => f.name === 'Book 00250.pdf')!.parentFolder).toBe('Books/Folder 0005');
    const listCalls = drive.requestsTo('GET', '/drive/v3/files');
    // One call for all the folders, three for the pages; no folder looked up one by one.
    expect(listCalls).toHaveLength(4);
    expect(listCalls.every((r) => r.headers.authorization === 'Bearer access-1')).toBe(true);
    expect(listCalls.slice(1).every((r) => r.query.get('pageSize') === '100')).toBe(true);
    expect(listCalls[1]!.query.get('q')).toContain("mimeType='application/epub+zip'");
    expect(listCalls[1]!.query.get('q')).toContain('trashed=false');
  });

  it('resolves nested folders, the top of the drive as null, and skips files it cannot read', async () => {
    drive.addFile({ path: 'Books/Science fiction/Dune.epub', content: 'dune' });
    drive.addFile({ path: 'notes.txt', content: 'top' });
    drive.addFile({ path: 'Books/cover.jpg' });
    drive.addFile({ path: 'Books/kindle.mobi', mimeType: 'application/octet-stream' });
    drive.addFile({ path: 'Books/blob.bin', mimeType: 'application/octet-stream' });
    drive.trashFile(drive.addFile({ path: 'Books/old.pdf' }).id);

    const { files } = await listAll(provider, auth);
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['Dune.epub', 'kindle.mobi', 'notes.txt']);
    expect(byName['Dune.epub']).toMatchObject({ fileType: 'epub', parentFolder: 'Books/Science fiction', size: 4 });
    expect(byName['notes.txt']).toMatchObject({ fileType: 'txt', parentFolder: null });
    expect(byName['kindle.mobi']).toMatchObject({ fileType: 'mobi', parentFolder: 'Books' });
  });

  it('looks up each folder it has not seen once, when a change names it', async () => {
    // Another account: nothing of the first one's folders is known to it.
    const other = { accessToken: 'other-account' };
    const cursor = (await provider.startCursor(other))!;
    drive.addFile({ path: 'Later/Deep/new.pdf' });
    drive.addFile({ path: 'Later/Deep/newer.pdf' });
    const page = await provider.changesPage(other, cursor);
    expect(page.changed.map((f) => [f.name, f.parentFolder])).toEqual([
      ['new.pdf', 'Later/Deep'],
      ['newer.pdf', 'Later/Deep'],
    ]);
    // Deep, Later and My Drive, once each.
    expect(drive.requests.filter((r) => /^\/drive\/v3\/files\/[^/]+$/.test(r.path))).toHaveLength(3);
  });
});

describe('changes', () => {
  it('reports additions, updates, removals, trashing and a type no longer supported from a cursor', async () => {
    const kept = drive.addFile({ path: 'Books/kept.pdf', content: 'v1' });
    const gone = drive.addFile({ path: 'Books/gone.pdf' });
    const trashed = drive.addFile({ path: 'Books/trashed.epub' });
    const renamed = drive.addFile({ path: 'Books/renamed.pdf' });
    await listAll(provider, auth);
    const cursor = await provider.startCursor(auth);
    expect(cursor).toMatch(/^\d+$/);

    const added = drive.addFile({ path: 'Books/New/added.epub' });
    drive.addFile({ path: 'Books/photo.png' });
    drive.updateFile(kept.id, { content: 'v2' });
    drive.removeFile(gone.id);
    drive.trashFile(trashed.id);
    drive.updateFile(renamed.id, { name: 'renamed.jpg', mimeType: 'image/jpeg' });

    const changes = await allChanges(cursor!);
    expect(changes.changed.map((f) => f.externalId).sort()).toEqual([added.id, kept.id].sort());
    const keptNow = changes.changed.find((f) => f.externalId === kept.id)!;
    expect(keptNow.version).toBe(drive.file(kept.id)!.md5Checksum);
    expect(changes.changed.find((f) => f.externalId === added.id)!.parentFolder).toBe('Books/New');
    expect(changes.removed).toEqual(expect.arrayContaining([gone.id, trashed.id, renamed.id]));
    expect(changes.removed).not.toContain(kept.id);
    expect(changes.newCursor).toMatch(/^\d+$/);

    const quiet = await provider.changesPage(auth, changes.newCursor!);
    expect(quiet).toEqual({ changed: [], removed: [], nextPageToken: null, newCursor: changes.newCursor });
  });

  it('pages a long round of changes and hands the new cursor on the last page only', async () => {
    const cursor = (await provider.startCursor(auth))!;
    drive.generateFiles({ count: 150, perFolder: 200, under: '' });
    const first = await provider.changesPage(auth, cursor);
    expect(first.nextPageToken).not.toBeNull();
    expect(first.newCursor).toBeNull();
    const rest = await allChanges(first.nextPageToken!);
    expect(first.changed.length + rest.changed.length).toBe(150);
    expect(rest.newCursor).not.toBeNull();
  });

  it('reads a renamed folder’s new name after its change', async () => {
    const file = drive.addFile({ path: 'Old name/book.pdf' });
    await listAll(provider, auth);
    const cursor = (await provider.startCursor(auth))!;
    drive.updateFile(drive.fileAt('Old name')!.id, { name: 'New name' });
    drive.updateFile(file.id, { content: 'changed' });
    const { changed } = await allChanges(cursor);
    expect(changed.map((f) => f.parentFolder)).toEqual(['New name']);
  });
});

describe('content', () => {
  it('streams a file whole and by range, bytes equal to the drive’s', async () => {
    const file = drive.addFile({ path: 'big.pdf', size: 300_000 });
    const bytes = drive.contentOf(file.id);
    const whole = await provider.download(auth, file.id);
    expect(whole).toMatchObject({ status: 200, contentType: 'application/pdf', contentLength: 300_000 });
    expect((await buffer(whole.stream)).equals(bytes)).toBe(true);

    const part = await provider.download(auth, file.id, { start: 1000, end: 1999 });
    expect(part).toMatchObject({ status: 206, contentLength: 1000, contentRange: 'bytes 1000-1999/300000' });
    expect((await buffer(part.stream)).equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await provider.download(auth, file.id, { start: 299_990 });
    expect((await buffer(tail.stream)).equals(bytes.subarray(299_990))).toBe(true);
    const media = drive.requestsTo('GET', `/drive/v3/files/${file.id}`);
    expect(media.map((r) => [r.query.get('alt'), r.headers.range])).toEqual([
      ['media', undefined],
      ['media', 'bytes=1000-1999'],
      ['media', 'bytes=299990-'],
    ]);
  });

  it('fails a download of a missing file with the spec’s message', async () => {
    const error = await providerFailure(provider.download(auth, 'no-such-file'));
    expect(error.message).toBe('Failed to download file: Not Found');
    expect(error.status).toBe(404);
  });

  it('streams a PDF’s thumbnail sized w200-h300 without the bearer token, null when there is none', async () => {
    const pdf = drive.addFile({ path: 'a.pdf' });
    const thumb = await provider.thumbnail(auth, pdf.id);
    expect(thumb!.contentType).toBe('image/png');
    const png = await buffer(thumb!.stream);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([200, 300]);
    const [hit] = drive.requestsUnder('/thumbnails/');
    expect(hit!.path).toMatch(/=w200-h300$/);
    expect(hit!.headers.authorization).toBeUndefined();

    const epub = drive.addFile({ path: 'b.epub' });
    const square = await buffer((await provider.thumbnail(auth, epub.id))!.stream);
    expect(square.readUInt32BE(16)).toBe(220);

    const bare = drive.addFile({ path: 'c.pdf', hasThumbnail: false });
    expect(await provider.thumbnail(auth, bare.id)).toBeNull();
  });
});

describe('errors', () => {
  it('answers a refused token with a ProviderError of status 401', async () => {
    drive.addFile({ path: 'a.pdf' });
    drive.setTokenCheck(() => false);
    const error = await providerFailure(provider.listPage(auth, null));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Google Drive API error: Unauthorized');
    const file = drive.addFile({ path: 'b.pdf' });
    expect((await providerFailure(provider.download(auth, file.id))).status).toBe(401);
    expect((await providerFailure(provider.startCursor({ accessToken: null }))).status).toBe(401);
  });

  it('waits for a 429’s Retry-After and then succeeds', async () => {
    drive.addFile({ path: 'a.pdf' });
    drive.failNext(1, 429, { retryAfterSeconds: 1 });
    const started = Date.now();
    const cursor = await provider.startCursor(auth);
    expect(cursor).toMatch(/^\d+$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(drive.requestsTo('GET', '/drive/v3/changes/startPageToken')).toHaveLength(2);
  });

  it('keeps a Retry-After too long to wait for on the error', async () => {
    drive.failNext(1, 429, { retryAfterSeconds: 600 });
    const error = await providerFailure(provider.startCursor(auth));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 600_000 });
    expect(error.message).toBe('Google Drive API error: Too Many Requests');
  });

  it('takes a 403 rate limit for the 429 it means, and any other 403 for a refusal', async () => {
    drive.failNext(1, 403);
    const limited = await providerFailure(provider.startCursor(auth));
    expect(limited.status).toBe(429);
    expect(limited.message).toBe('Google Drive API error: Too Many Requests');

    drive.failNext(1, 403, { reason: 'insufficientPermissions' });
    const refused = await providerFailure(provider.startCursor(auth));
    expect(refused).toMatchObject({ status: 403, message: 'Google Drive API error: Forbidden' });
  });

  it('words a 500 that does not go away as the spec says', async () => {
    drive.failNext(3, 500);
    const error = await providerFailure(provider.listPage(auth, 'some-token'));
    expect(error.message).toBe('Google Drive API error: Internal Server Error');
    expect(error.status).toBe(500);
  });
});
