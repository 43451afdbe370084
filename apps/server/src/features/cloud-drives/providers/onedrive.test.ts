import { startFakeMicrosoftGraph, type FakeMicrosoftGraph } from '@bookshelf/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOneDriveProvider, folderFromGraphPath } from './onedrive.js';
import type { FileProvider, ListedFile, ProviderAuth } from './provider.js';
import { listAll, providerFailure } from './provider-test-kit.js';
import { buffer } from 'node:stream/consumers';

let graph: FakeMicrosoftGraph;
const providers: FileProvider[] = [];
const auth: ProviderAuth = { accessToken: 'graph-access-token' };

function newProvider(): FileProvider {
  const provider = createOneDriveProvider({
    clientId: 'client',
    clientSecret: 'secret',
    apiBaseUrl: graph.url,
    allowPrivateAddresses: false,
  });
  providers.push(provider);
  return provider;
}

beforeEach(async () => {
  graph = await startFakeMicrosoftGraph({ isValidToken: (t) => t === auth.accessToken });
});

afterEach(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close()));
  await graph.close();
});

describe('folderFromGraphPath', () => {
  it.each([
    ['/drive/root:', null],
    ['/drive/root:/Books', 'Books'],
    ['/drive/root:/Books/Science%20fiction', 'Books/Science fiction'],
    ['/drives/b!x1y2/root:/A%23B/100%', 'A#B/100%'],
  ])('%s → %s', (path, folder) => expect(folderFromGraphPath(path)).toBe(folder));
});

describe('OneDrive provider (against the fake Microsoft Graph)', () => {
  it('lists 250 root files through @odata.nextLink pages of 100', async () => {
    for (let i = 0; i < 250; i += 1)
      graph.addFile({ path: `book-${String(i).padStart(3, '0')}.pdf`, content: `b${i}` });

    const { files } = await listAll(newProvider(), auth);

    expect(files).toHaveLength(250);
    expect(new Set(files.map((f) => f.externalId)).size).toBe(250);
    const first = graph.itemAt('book-000.pdf')!;
    expect(files[0]).toEqual({
      externalId: first.id,
      name: 'book-000.pdf',
      fileType: 'pdf',
      mimeType: 'application/pdf',
      size: 2,
      modifiedAt: first.modifiedAt,
      parentFolder: null,
      hasThumbnail: true,
      version: first.cTag,
    });
    const calls = graph.requestsTo('GET', '/v1.0/me/drive/root/children');
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.query.get('$top'))).toEqual(['100', '100', '100']);
    expect(calls[1]?.query.get('$skiptoken')).toBeTruthy();
    expect(calls.every((c) => c.headers.authorization === `Bearer ${auth.accessToken}`)).toBe(true);
  });

  it('recurses into nested folders by item id and names each file’s folder path', async () => {
    graph.addFile({ path: 'top.epub', content: 'top' });
    graph.addFile({ path: 'Books/dune.epub', content: 'dune' });
    graph.addFile({ path: 'Books/Science fiction/foundation.mobi', content: 'f' });
    graph.addFile({ path: 'Books/Science fiction/Deep/Nested #1/solaris.txt', content: 's' });
    graph.addFolder('Empty');

    const { files } = await listAll(newProvider(), auth);

    expect(Object.fromEntries(files.map((f) => [f.name, f.parentFolder]))).toEqual({
      'top.epub': null,
      'dune.epub': 'Books',
      'foundation.mobi': 'Books/Science fiction',
      'solaris.txt': 'Books/Science fiction/Deep/Nested #1',
    });
    const folderCalls = graph.requests.filter((r) => /^\/v1\.0\/me\/drive\/items\/[^/]+\/children$/.test(r.path));
    expect(folderCalls).toHaveLength(5);
  });

  it('resumes a listing from a returned page token with a new provider instance', async () => {
    graph.generateFiles({ count: 330, perFolder: 110, under: 'Shelf' });
    graph.addFile({ path: 'Other/Inner/last.pdf', content: 'last' });

    const first = newProvider();
    const page1 = await first.listPage(auth, null);
    const page2 = await first.listPage(auth, page1.nextPageToken);
    expect(page2.nextPageToken).toBeTruthy();
    await first.close();
    expect(page2.nextPageToken!.length).toBeLessThan(2000);

    const second = newProvider();
    const rest: ListedFile[] = [];
    for (let token = page2.nextPageToken; token;) {
      const page = await second.listPage(auth, token);
      rest.push(...page.files);
      token = page.nextPageToken;
    }
    const all = [...page1.files, ...page2.files, ...rest];
    expect(all).toHaveLength(331);
    expect(new Set(all.map((f) => f.externalId)).size).toBe(331);
    expect(all.find((f) => f.name === 'last.pdf')?.parentFolder).toBe('Other/Inner');
    expect(all.find((f) => f.name === 'Book 00200.pdf')?.parentFolder).toBe('Shelf/Folder 0002');
  });

  it('passes over a queued folder deleted before its turn, listing the rest', async () => {
    // A fills the first page, so B and C are still queued after it.
    for (let i = 0; i < 150; i += 1) graph.addFile({ path: `A/${String(i).padStart(3, '0')}.pdf`, size: 10 });
    graph.addFile({ path: 'B/gone.pdf', content: 'b' });
    graph.addFile({ path: 'C/kept.pdf', content: 'c' });
    const provider = newProvider();
    // The root's page queues A, B and C; B goes before the listing reaches it.
    const root = await provider.listPage(auth, null);
    graph.removeFile(graph.itemAt('B')!.id);

    const rest: ListedFile[] = [...root.files];
    for (let token = root.nextPageToken; token;) {
      const page = await provider.listPage(auth, token);
      rest.push(...page.files);
      token = page.nextPageToken;
    }
    expect(rest).toHaveLength(151);
    expect(rest.map((f) => f.name)).toContain('kept.pdf');
    expect(rest.map((f) => f.name)).not.toContain('gone.pdf');
  });

  it('skips types it does not list and reads a type from the extension when OneDrive says octet-stream', async () => {
    graph.addFile({ path: 'photo.jpg', content: 'jpg' });
    graph.addFile({ path: 'song.mp3', content: 'mp3' });
    graph.addFile({ path: 'Books/kindle.azw3', content: 'azw', mimeType: 'application/octet-stream' });
    graph.addFile({ path: 'Books/old.doc', content: 'doc' });

    const { files } = await listAll(newProvider(), auth);

    expect(files.map((f) => [f.name, f.fileType, f.mimeType])).toEqual([
      ['kindle.azw3', 'azw3', 'application/vnd.amazon.ebook'],
      ['old.doc', 'doc', 'application/msword'],
    ]);
  });

  it('follows delta links: added, updated, deleted and no-longer-supported files, then nothing', async () => {
    const kept = graph.addFile({ path: 'Books/kept.pdf', content: 'v1' });
    const doomed = graph.addFile({ path: 'Books/doomed.epub', content: 'x' });
    const renamed = graph.addFile({ path: 'renamed.txt', content: 'x' });
    const provider = newProvider();
    const cursor = (await provider.startCursor(auth))!;
    expect(cursor).toMatch(new RegExp(`^${graph.url}/v1\\.0/me/drive/root/delta\\?`));

    const added = graph.addFile({ path: 'Books/Sci fi/new.epub', content: 'new' });
    graph.updateFile(kept.id, { content: 'v2, longer' });
    graph.removeFile(doomed.id);
    graph.updateFile(renamed.id, { name: 'renamed.zip', mimeType: 'application/zip' });
    const cat = graph.addFile({ path: 'Pictures/cat.jpg', content: 'cat' });

    const page = await provider.changesPage(auth, cursor);

    expect(page.changed.map((f) => [f.name, f.parentFolder, f.size])).toEqual([
      ['new.epub', 'Books/Sci fi', 3],
      ['kept.pdf', 'Books', 10],
    ]);
    expect(page.changed.find((f) => f.externalId === kept.id)?.version).toBe(graph.item(kept.id)?.cTag);
    expect(page.changed.find((f) => f.externalId === added.id)).toBeDefined();
    // A file of another type may once have been one we list (renamed.txt), so it is reported removed too.
    expect(page.removed.sort()).toEqual([doomed.id, renamed.id, cat.id].sort());
    expect(page.nextPageToken).toBeNull();
    expect(page.newCursor).toBeTruthy();

    const quiet = await provider.changesPage(auth, page.newCursor!);
    expect(quiet).toEqual({ changed: [], removed: [], nextPageToken: null, newCursor: expect.any(String) });
  });

  it('pages a long delta round through nextLink before handing back the new cursor', async () => {
    const provider = newProvider();
    const cursor = (await provider.startCursor(auth))!;
    graph.generateFiles({ count: 250, perFolder: 250, under: '' });

    const first = await provider.changesPage(auth, cursor);
    expect(first.nextPageToken).toBeTruthy();
    expect(first.newCursor).toBeNull();
    const second = await provider.changesPage(auth, first.nextPageToken!);
    expect(second.nextPageToken).toBeNull();
    expect(second.newCursor).toBeTruthy();
    expect(first.changed.length + second.changed.length).toBe(250);
    expect(second.changed[0]?.parentFolder).toBe('Folder 0001');
  });

  it('turns a refused delta link (410 resyncRequired) into a ProviderError with status 410', async () => {
    const provider = newProvider();
    const cursor = (await provider.startCursor(auth))!;
    graph.expireDeltaTokens();
    const error = await providerFailure(provider.changesPage(auth, cursor));
    expect(error.status).toBe(410);
  });

  it('downloads a file whole and as a range, never sending the bearer token to the download URL', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const file = graph.addFile({ path: 'Books/big.pdf', content: bytes });
    const provider = newProvider();

    const whole = await provider.download(auth, file.id);
    expect(whole.status).toBe(200);
    expect(whole.contentType).toBe('application/pdf');
    expect(whole.contentLength).toBe(5000);
    expect(whole.contentRange).toBeNull();
    expect((await buffer(whole.stream)).equals(bytes)).toBe(true);

    const part = await provider.download(auth, file.id, { start: 100, end: 1099 });
    expect(part.status).toBe(206);
    expect(part.contentRange).toBe('bytes 100-1099/5000');
    expect(part.contentLength).toBe(1000);
    expect((await buffer(part.stream)).equals(bytes.subarray(100, 1100))).toBe(true);

    const tail = await provider.download(auth, file.id, { start: 4990 });
    expect((await buffer(tail.stream)).equals(bytes.subarray(4990))).toBe(true);

    const downloads = graph.requestsUnder('/download/');
    expect(downloads).toHaveLength(3);
    expect(downloads.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('answers a missing file with "Failed to download file: Not Found"', async () => {
    const error = await providerFailure(newProvider().download(auth, 'NOPE!404'));
    expect(error.message).toBe('Failed to download file: Not Found');
    expect(error.status).toBe(404);
  });

  it('streams the medium thumbnail, and answers null when Graph has none', async () => {
    const file = graph.addFile({ path: 'x.pdf', content: 'x' });
    const bare = graph.addFile({ path: 'y.epub', content: 'y', hasThumbnail: false });
    const provider = newProvider();

    const thumb = await provider.thumbnail(auth, file.id);
    expect(thumb?.contentType).toBe('image/png');
    const png = await buffer(thumb!.stream);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(176);
    expect(graph.requestsUnder('/thumbnails/').every((r) => r.headers.authorization === undefined)).toBe(true);

    expect(await provider.thumbnail(auth, bare.id)).toBeNull();
  });

  it('answers a refused token with a 401 ProviderError', async () => {
    graph.addFile({ path: 'x.pdf', content: 'x' });
    const error = await providerFailure(newProvider().listPage({ accessToken: 'expired' }, null));
    expect(error.status).toBe(401);
    expect(error.message).toBe('OneDrive API error: Unauthorized');
  });

  it('waits out a 429 Retry-After and then succeeds', async () => {
    graph.addFile({ path: 'x.pdf', content: 'x' });
    graph.failNext(1, 429, { retryAfterSeconds: 1 });
    const started = Date.now();

    const page = await newProvider().listPage(auth, null);

    expect(page.files.map((f) => f.name)).toEqual(['x.pdf']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(graph.requestsTo('GET', '/v1.0/me/drive/root/children')).toHaveLength(2);
  });

  it('reports a Retry-After too long to wait for on the ProviderError', async () => {
    graph.failNext(1, 429, { retryAfterSeconds: 120 });
    const error = await providerFailure(newProvider().startCursor(auth));
    expect(error.status).toBe(429);
    expect(error.message).toBe('OneDrive API error: Too Many Requests');
    expect(error.retryAfterMs).toBe(120_000);
  });

  it('answers a lasting 500 with "OneDrive API error: Internal Server Error"', async () => {
    graph.failNext(10, 500);
    const error = await providerFailure(newProvider().listPage(auth, null));
    expect(error.status).toBe(500);
    expect(error.message).toBe('OneDrive API error: Internal Server Error');
  });
});
