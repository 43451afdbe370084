import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFolderProvider } from './local-folder.js';
import { listAll, providerFailure } from './provider-test-kit.js';

const auth = { accessToken: null };
let base: string;
let root: string;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'bookshelf-local-'));
  root = path.join(base, 'library');
  mkdirSync(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function put(relative: string, content = 'x') {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

describe('listing', () => {
  it('lists every supported file under the folder with its relative path, folder, type and version', async () => {
    put('Dune.epub', 'spice');
    put('Science fiction/Foundation.pdf', 'psychohistory');
    put('Science fiction/Deep/Notes.txt');
    put('cover.jpg');
    put('Science fiction/readme.md');
    utimesSync(path.join(root, 'Dune.epub'), new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));

    const { files } = await listAll(createLocalFolderProvider({ root }), auth);
    expect(files.map((f) => f.externalId)).toEqual([
      'Dune.epub',
      'Science fiction/Deep/Notes.txt',
      'Science fiction/Foundation.pdf',
    ]);
    expect(files[0]).toEqual({
      externalId: 'Dune.epub',
      name: 'Dune.epub',
      fileType: 'epub',
      mimeType: 'application/epub+zip',
      size: 5,
      modifiedAt: new Date('2026-01-02T03:04:05Z'),
      parentFolder: null,
      hasThumbnail: false,
      version: `${Date.parse('2026-01-02T03:04:05Z')}-5`,
    });
    expect(files[1]).toMatchObject({ name: 'Notes.txt', fileType: 'txt', parentFolder: 'Science fiction/Deep' });
    expect(files[2]).toMatchObject({ fileType: 'pdf', parentFolder: 'Science fiction', size: 13 });
  });

  it('pages by 100 with a token that resumes after the last file handed out, even from a new provider', async () => {
    for (let i = 0; i < 250; i += 1) put(`dir${i % 3}/book-${String(i).padStart(3, '0')}.pdf`);
    const provider = createLocalFolderProvider({ root });
    const first = await provider.listPage(auth, null);
    expect(first.files).toHaveLength(100);
    expect(first.nextPageToken).not.toBeNull();

    // A restarted process has no memory of the walk: the token alone says where to go on.
    const second = await createLocalFolderProvider({ root }).listPage(auth, first.nextPageToken);
    expect(second.files).toHaveLength(100);
    expect(second.files[0]!.externalId > first.files[99]!.externalId).toBe(true);

    const { files, pages } = await listAll(provider, auth);
    expect(pages).toBe(3);
    expect(new Set(files.map((f) => f.externalId)).size).toBe(250);
    const last = await provider.listPage(auth, tokenAfter(files[249]!.externalId));
    expect(last).toEqual({ files: [], nextPageToken: null });
  });

  it('version changes with the content', async () => {
    const full = put('a.pdf', 'one');
    const provider = createLocalFolderProvider({ root });
    const before = (await provider.listPage(auth, null)).files[0]!.version;
    writeFileSync(full, 'longer');
    utimesSync(full, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    expect((await provider.listPage(auth, null)).files[0]!.version).not.toBe(before);
  });

  it('follows a link to a file inside the folder, never one out of it nor a linked folder', async () => {
    put('real/inside.pdf');
    writeFileSync(path.join(base, 'outside.pdf'), 'secret');
    mkdirSync(path.join(base, 'outer'));
    writeFileSync(path.join(base, 'outer', 'far.pdf'), 'secret');
    symlinkSync(path.join(root, 'real', 'inside.pdf'), path.join(root, 'alias.pdf'));
    symlinkSync(path.join(base, 'outside.pdf'), path.join(root, 'escape.pdf'));
    symlinkSync(path.join(base, 'outer'), path.join(root, 'linked-folder'));
    symlinkSync(root, path.join(root, 'real', 'loop'));

    const provider = createLocalFolderProvider({ root });
    const { files } = await listAll(provider, auth);
    expect(files.map((f) => f.externalId)).toEqual(['alias.pdf', 'real/inside.pdf']);
    expect((await providerFailure(provider.download(auth, 'escape.pdf'))).status).toBe(404);
    expect((await providerFailure(provider.download(auth, 'linked-folder/far.pdf'))).status).toBe(404);
  });

  it('refuses a token it did not make, and fails when the folder cannot be read', async () => {
    const provider = createLocalFolderProvider({ root });
    expect((await providerFailure(provider.listPage(auth, '!!not a token'))).status).toBe(400);
    const missing = createLocalFolderProvider({ root: path.join(base, 'nowhere') });
    expect((await providerFailure(missing.listPage(auth, null))).message).toBe('The library folder could not be read.');
  });

  it('has no change feed: no cursor, and a refused one', async () => {
    const provider = createLocalFolderProvider({ root });
    expect(await provider.startCursor(auth)).toBeNull();
    expect((await providerFailure(provider.changesPage(auth, 'x'))).status).toBe(410);
    expect(await provider.thumbnail(auth, 'a.pdf')).toBeNull();
  });
});

describe('download', () => {
  it('streams the whole file, or a range of it with its Content-Range', async () => {
    put('Shelf/book.txt', '0123456789');
    const provider = createLocalFolderProvider({ root });

    const whole = await provider.download(auth, 'Shelf/book.txt');
    expect(whole).toMatchObject({ status: 200, contentType: 'text/plain', contentLength: 10, contentRange: null });
    expect(await text(whole.stream)).toBe('0123456789');

    const part = await provider.download(auth, 'Shelf/book.txt', { start: 2, end: 5 });
    expect(part).toMatchObject({ status: 206, contentLength: 4, contentRange: 'bytes 2-5/10' });
    expect(await text(part.stream)).toBe('2345');

    const tail = await provider.download(auth, 'Shelf/book.txt', { start: 7 });
    expect(tail).toMatchObject({ status: 206, contentRange: 'bytes 7-9/10' });
    expect(await text(tail.stream)).toBe('789');

    const clipped = await provider.download(auth, 'Shelf/book.txt', { start: 8, end: 100 });
    expect(clipped.contentRange).toBe('bytes 8-9/10');
    await text(clipped.stream);

    expect((await providerFailure(provider.download(auth, 'Shelf/book.txt', { start: 10 }))).status).toBe(416);
  });

  it('never reads a path outside the folder, nor a file of no supported type', async () => {
    put('book.pdf');
    put('secret.env');
    writeFileSync(path.join(base, 'outside.pdf'), 'secret');
    const provider = createLocalFolderProvider({ root });
    for (const id of [
      '../outside.pdf',
      'sub/../../outside.pdf',
      path.join(base, 'outside.pdf'),
      '/etc/passwd',
      'book.pdf\0.pdf',
      './book.pdf',
      'secret.env',
      'missing.pdf',
      '',
      '..\\outside.pdf',
    ]) {
      expect((await providerFailure(provider.download(auth, id))).status, id).toBe(404);
    }
  });
});

/** The provider's tokens are base64url of the relative path. */
function tokenAfter(relative: string) {
  return Buffer.from(relative, 'utf8').toString('base64url');
}
