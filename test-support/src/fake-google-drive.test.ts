import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_FOLDER_MIME, startFakeGoogleDrive, type FakeGoogleDrive } from './fake-google-drive.js';

let drive: FakeGoogleDrive;
beforeEach(async () => {
  drive = await startFakeGoogleDrive();
});
afterEach(async () => {
  await drive.close();
});

const auth = { authorization: 'Bearer token-1' };

async function get(path: string, params: Record<string, string> = {}, headers: Record<string, string> = auth) {
  const url = new URL(path, drive.url);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers });
  const type = res.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}

interface FileList {
  nextPageToken?: string;
  files: { id: string; name: string; mimeType: string; size?: string; parents?: string[]; thumbnailLink?: string }[];
}

const BOOKS_QUERY = "(mimeType='application/pdf' or mimeType='application/epub+zip') and trashed=false";

describe('auth and failures', () => {
  it('answers 401 with Google’s error JSON without a valid bearer token', async () => {
    const none = await get('/drive/v3/files', {}, {});
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      error: {
        code: 401,
        status: 'UNAUTHENTICATED',
        errors: [{ reason: 'authError', message: 'Invalid Credentials' }],
      },
    });
    drive.setTokenCheck((t) => t === 'good');
    expect((await get('/drive/v3/files')).status).toBe(401);
    expect((await get('/drive/v3/files', {}, { authorization: 'Bearer good' })).status).toBe(200);
  });

  it('fails the next calls as told, with Retry-After', async () => {
    drive.failNext(2, 429, { retryAfterSeconds: 3 });
    const first = await get('/drive/v3/files');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.body).toMatchObject({ error: { code: 429, errors: [{ reason: 'rateLimitExceeded' }] } });
    expect((await get('/drive/v3/changes/startPageToken')).status).toBe(429);
    expect((await get('/drive/v3/files')).status).toBe(200);
    drive.failNext(1, 500);
    expect((await get('/drive/v3/files')).body).toMatchObject({ error: { code: 500, status: 'INTERNAL' } });
  });

  it('refuses a page size over 1000 and a query it cannot read', async () => {
    expect((await get('/drive/v3/files', { pageSize: '1001' })).status).toBe(400);
    expect((await get('/drive/v3/files', { q: "mimeType = 'a' and" })).status).toBe(400);
  });
});

describe('files.list', () => {
  it('pages a query of MIME types, skipping trashed and other files', async () => {
    for (let i = 0; i < 25; i += 1) drive.addFile({ path: `Books/book ${i}.pdf`, content: `pdf ${i}` });
    drive.addFile({ path: 'Books/novel.epub' });
    drive.addFile({ path: 'Books/photo.jpg' });
    const trashed = drive.addFile({ path: 'Books/old.pdf' });
    drive.trashFile(trashed.id);

    const names: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await get('/drive/v3/files', {
        q: BOOKS_QUERY,
        pageSize: '10',
        fields: 'nextPageToken,files(id,name,mimeType,size,parents,md5Checksum,modifiedTime,thumbnailLink)',
        ...(pageToken ? { pageToken } : {}),
      });
      const body = page.body as FileList;
      names.push(...body.files.map((f) => f.name));
      pageToken = body.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(names).toHaveLength(26);
    expect(names).toContain('novel.epub');
    expect(names).not.toContain('photo.jpg');
    expect(names).not.toContain('old.pdf');
  });

  it('answers only the fields asked for, with sizes as strings', async () => {
    const file = drive.addFile({ path: 'a.pdf', content: 'hello' });
    const plain = (await get('/drive/v3/files')).body as FileList;
    expect(plain.files[0]).toEqual({ kind: 'drive#file', id: file.id, name: 'a.pdf', mimeType: 'application/pdf' });
    const full = (await get('/drive/v3/files', { fields: 'files(id,size,md5Checksum,parents,trashed)' })).body;
    expect(full).toEqual({
      files: [
        {
          id: file.id,
          size: '5',
          md5Checksum: '5d41402abc4b2a76b9719d911017c592',
          parents: [drive.rootId],
          trashed: false,
        },
      ],
    });
  });

  it('lists a folder’s children and folders by MIME type', async () => {
    drive.addFile({ path: 'A/B/one.pdf' });
    drive.addFile({ path: 'A/two.pdf' });
    const a = drive.fileAt('A')!;
    const children = (await get('/drive/v3/files', { q: `'${a.id}' in parents and trashed=false` })).body as FileList;
    expect(children.files.map((f) => f.name).sort()).toEqual(['B', 'two.pdf']);
    const folders = (await get('/drive/v3/files', { q: `mimeType='${GOOGLE_FOLDER_MIME}'` })).body as FileList;
    expect(folders.files.map((f) => f.name)).toEqual(['A', 'B']);
    const b = (await get(`/drive/v3/files/${drive.fileAt('A/B')!.id}`, { fields: 'id,name,parents' })).body;
    expect(b).toEqual({ id: drive.fileAt('A/B')!.id, name: 'B', parents: [a.id] });
    const root = (await get('/drive/v3/files/root', { fields: 'id,name,parents' })).body;
    expect(root).toEqual({ id: drive.rootId, name: 'My Drive' });
  });

  it('walks 20,000 files in 200 pages of 100 quickly', async () => {
    drive.generateFiles({ count: 20_000, perFolder: 100 });
    const started = Date.now();
    let pageToken: string | undefined;
    let count = 0;
    let pages = 0;
    do {
      const body = (
        await get('/drive/v3/files', {
          q: BOOKS_QUERY,
          pageSize: '100',
          fields: 'nextPageToken,files(id,name,size,md5Checksum,parents)',
          ...(pageToken ? { pageToken } : {}),
        })
      ).body as FileList;
      count += body.files.length;
      pageToken = body.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(count).toBe(20_000);
    expect(pages).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('content and thumbnails', () => {
  it('serves the bytes whole and by range, 416 past the end', async () => {
    const file = drive.addFile({ path: 'x.pdf', size: 10_000 });
    const bytes = drive.contentOf(file.id);
    const whole = await get(`/drive/v3/files/${file.id}`, { alt: 'media' });
    expect(whole.status).toBe(200);
    expect((whole.body as Buffer).equals(bytes)).toBe(true);
    const part = await get(`/drive/v3/files/${file.id}`, { alt: 'media' }, { ...auth, range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect((part.body as Buffer).equals(bytes.subarray(100, 200))).toBe(true);
    const past = await get(`/drive/v3/files/${file.id}`, { alt: 'media' }, { ...auth, range: 'bytes=20000-' });
    expect(past.status).toBe(416);
    expect((await get('/drive/v3/files/nope', { alt: 'media' })).status).toBe(404);
    expect((await get(`/drive/v3/files/${file.id}`, { alt: 'media' }, {})).status).toBe(401);
  });

  it('serves a PNG at the thumbnail link without a token, sized as the link says', async () => {
    const file = drive.addFile({ path: 'x.pdf' });
    const { thumbnailLink } = (await get(`/drive/v3/files/${file.id}`, { fields: 'thumbnailLink' })).body as {
      thumbnailLink: string;
    };
    expect(thumbnailLink).toMatch(/=s220$/);
    const sized = await fetch(thumbnailLink.replace(/=s220$/, '=w200-h300'));
    expect(sized.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await sized.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([200, 300]);
    expect((await fetch(thumbnailLink.replace(/\/[^/]+=s220$/, '/forged=s220'))).status).toBe(404);
  });
});

describe('changes', () => {
  interface ChangeList {
    changes: { fileId: string; removed: boolean; file?: { name: string; trashed: boolean } }[];
    nextPageToken?: string;
    newStartPageToken?: string;
  }

  it('reports additions, updates, trashing and removals after the start token, paged', async () => {
    const kept = drive.addFile({ path: 'kept.pdf' });
    const start = ((await get('/drive/v3/changes/startPageToken')).body as { startPageToken: string }).startPageToken;
    const added = drive.addFile({ path: 'new.pdf' });
    drive.updateFile(kept.id, { content: 'changed' });
    const trashed = drive.addFile({ path: 'trash-me.pdf' });
    drive.trashFile(trashed.id);
    drive.removeFile(added.id);

    const first = (await get('/drive/v3/changes', { pageToken: start, pageSize: '3' })).body as ChangeList;
    expect(first.changes).toHaveLength(3);
    expect(first.newStartPageToken).toBeUndefined();
    const second = (await get('/drive/v3/changes', { pageToken: first.nextPageToken! })).body as ChangeList;
    expect(second.nextPageToken).toBeUndefined();
    const all = [...first.changes, ...second.changes];
    expect(all.map((c) => c.fileId)).toEqual([added.id, kept.id, trashed.id, trashed.id, added.id]);
    expect(all[0]).toMatchObject({ removed: true });
    expect(all[0]!.file).toBeUndefined();
    expect(all[1]).toMatchObject({ removed: false, file: { name: 'kept.pdf' } });
    expect(all[3]).toMatchObject({ removed: false, file: { trashed: true } });

    const later = (await get('/drive/v3/changes', { pageToken: second.newStartPageToken! })).body as ChangeList;
    expect(later.changes).toEqual([]);
    expect(later.newStartPageToken).toBe(second.newStartPageToken);
    expect((await get('/drive/v3/changes', { pageToken: 'garbage' })).status).toBe(400);
  });
});
