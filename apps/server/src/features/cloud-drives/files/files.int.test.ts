import {
  CloudDriveLimits,
  CloudDriveMessages,
  CloudDrivePaths,
  type CloudFile,
  type FileMarks,
} from '@bookshelf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveFileMarks, driveFiles } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { filePath, filesUrl, seedConnection, seedFiles } from './files-harness.js';

let t: TestApp;
let reader: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let driveId: string;
let otherDriveId: string;
let strangerDriveId: string;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  reader = await signUp(t.app);
  stranger = await signUp(t.app);
  driveId = await seedConnection(t.database.db, reader.me.id, { accountName: 'Work Drive' });
  otherDriveId = await seedConnection(t.database.db, reader.me.id, { provider: 'onedrive', accountName: 'Home' });
  strangerDriveId = await seedConnection(t.database.db, stranger.me.id, { accountName: 'Secret' });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function list(browser: Browser, query: Record<string, string> = {}): Promise<CloudFile[]> {
  const res = await browser.get(filesUrl(query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (files: CloudFile[]) => files.map((f) => f.name);

async function marks(browser: Browser, method: 'POST' | 'DELETE', url: string, payload?: object) {
  return browser.request({ method, url, ...(payload ? { payload } : {}) });
}

describe('GET files', () => {
  it('answers my files by name with my marks, and nothing of another reader', async () => {
    const [b, a] = await seedFiles(db(), driveId, ['B book.pdf', 'a book.pdf'], { hasThumbnail: true });
    const [c] = await seedFiles(db(), otherDriveId, ['C book.epub'], { provider: 'onedrive', fileType: 'epub' });
    await seedFiles(db(), driveId, ['Deleted.pdf'], { isDeleted: true });
    await seedFiles(db(), strangerDriveId, ['A stranger.pdf']);
    const inactive = await seedConnection(db(), reader.me.id, { isActive: false });
    await seedFiles(db(), inactive, ['Off.pdf']);

    await marks(stranger.browser, 'POST', filePath(CloudDrivePaths.favorite, a!));
    const fav = await marks(reader.browser, 'POST', filePath(CloudDrivePaths.favorite, b!));
    expect(fav.json()).toEqual({ id: b, isFavorite: true, tags: [] });

    const files = await list(reader.browser, { connectionId: `${driveId},${otherDriveId}` });
    expect(names(files)).toEqual(['B book.pdf', 'C book.epub', 'a book.pdf']);
    const [first, second, third] = files;
    expect(first).toMatchObject({
      id: b,
      connectionId: driveId,
      provider: 'google',
      driveName: 'Work Drive',
      fileType: 'pdf',
      size: 1000,
      modifiedAt: '2024-05-01T10:00:00.000Z',
      isFavorite: true,
      tags: [],
      isDeleted: false,
      parentFolder: null,
      thumbnailUrl: `/api/cloud-drives/files/${b}/thumbnail`,
      downloadUrl: `/api/cloud-drives/files/${b}/content`,
    });
    expect(second).toMatchObject({ id: c, provider: 'onedrive', driveName: 'Home', thumbnailUrl: null });
    // The stranger's favourite is theirs alone.
    expect(third).toMatchObject({ id: a, isFavorite: false });
    expect(names(await list(stranger.browser))).toEqual(['A stranger.pdf']);
  });

  it('searches names without case, with %, _ and \\ matching themselves', async () => {
    const drive = await seedConnection(db(), reader.me.id);
    await seedFiles(db(), drive, ['100% Pure.pdf', '100 Pure.pdf', 'a_b.txt', 'axb.txt', 'back\\slash.txt']);
    const within = (search: string) => list(reader.browser, { search, connectionId: drive });
    expect(names(await within('pure'))).toEqual(['100 Pure.pdf', '100% Pure.pdf']);
    expect(names(await within('%'))).toEqual(['100% Pure.pdf']);
    expect(names(await within('a_b'))).toEqual(['a_b.txt']);
    expect(names(await within('\\'))).toEqual(['back\\slash.txt']);
    expect(names(await within('  '))).toHaveLength(5);
  });

  it('filters by connection: a stranger’s or unknown id matches nothing, a malformed one is a 400', async () => {
    expect(await list(reader.browser, { connectionId: strangerDriveId })).toEqual([]);
    expect(await list(reader.browser, { connectionId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
    const mixed = await list(reader.browser, { connectionId: `${strangerDriveId}, ${otherDriveId}` });
    expect(new Set(mixed.map((f) => f.connectionId))).toEqual(new Set([otherDriveId]));

    const bad = await reader.browser.get(filesUrl({ connectionId: `${driveId},nope` }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('querystring.connectionId');
    const long = await reader.browser.get(filesUrl({ search: 'x'.repeat(CloudDriveLimits.searchMaxLength + 1) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.issues[0].path).toBe('querystring.search');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: CloudDrivePaths.files,
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('favourites and tags', () => {
  let fileId: string;
  let strangerFile: string;
  beforeAll(async () => {
    fileId = (await seedFiles(db(), driveId, ['Tagged.pdf']))[0]!;
    strangerFile = (await seedFiles(db(), strangerDriveId, ['Theirs.pdf']))[0]!;
  });

  it('adds tags trimmed, once each, in order, and removes one by its URL-decoded name', async () => {
    const add = async (tag: string) => {
      const res = await marks(reader.browser, 'POST', filePath(CloudDrivePaths.tags, fileId), { tag });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<FileMarks>();
    };
    await add('  sci fi ');
    await add('to/read');
    expect(await add('sci fi')).toEqual({ id: fileId, isFavorite: false, tags: ['sci fi', 'to/read'] });

    const removed = await marks(reader.browser, 'DELETE', filePath(CloudDrivePaths.tag, fileId, 'sci fi'));
    expect(removed.json()).toEqual({ id: fileId, isFavorite: false, tags: ['to/read'] });
    const slash = await marks(reader.browser, 'DELETE', filePath(CloudDrivePaths.tag, fileId, 'to/read'));
    expect(slash.json()).toEqual({ id: fileId, isFavorite: false, tags: [] });

    const unfav = await marks(reader.browser, 'DELETE', filePath(CloudDrivePaths.favorite, fileId));
    expect(unfav.json()).toEqual({ id: fileId, isFavorite: false, tags: [] });
  });

  it('refuses a blank tag and a tag past the limit, naming the field', async () => {
    const blank = await marks(reader.browser, 'POST', filePath(CloudDrivePaths.tags, fileId), { tag: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues[0]).toMatchObject({ path: 'body.tag', message: CloudDriveMessages.blankTag });

    const full = Array.from({ length: CloudDriveLimits.tagsPerFileMax }, (_, i) => `t${i}`);
    await db()
      .insert(driveFileMarks)
      .values({ userId: reader.me.id, fileId, tags: full })
      .onConflictDoUpdate({ target: [driveFileMarks.userId, driveFileMarks.fileId], set: { tags: full } });
    const over = await marks(reader.browser, 'POST', filePath(CloudDrivePaths.tags, fileId), { tag: 'one more' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.issues[0].path).toBe('body.tag');
    // A tag it already has is no change and no error.
    const again = await marks(reader.browser, 'POST', filePath(CloudDrivePaths.tags, fileId), { tag: 't3' });
    expect(again.statusCode).toBe(200);
    await marks(reader.browser, 'DELETE', filePath(CloudDrivePaths.tags, fileId));
    await db()
      .update(driveFileMarks)
      .set({ tags: [] })
      .where(and(eq(driveFileMarks.userId, reader.me.id), eq(driveFileMarks.fileId, fileId)));
  });

  it('answers 404 File not found for another reader’s file and an unknown one', async () => {
    for (const id of [strangerFile, 'google_missing']) {
      for (const [method, url, payload] of [
        ['POST', filePath(CloudDrivePaths.favorite, id)],
        ['DELETE', filePath(CloudDrivePaths.favorite, id)],
        ['POST', filePath(CloudDrivePaths.tags, id), { tag: 'x' }],
        ['DELETE', filePath(CloudDrivePaths.tag, id, 'x')],
      ] as const) {
        const res = await marks(reader.browser, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.message).toBe(CloudDriveMessages.fileNotFound);
      }
    }
    const [row] = await db().select().from(driveFileMarks).where(eq(driveFileMarks.fileId, strangerFile));
    expect(row).toBeUndefined();
  });
});

describe('bulk changes', () => {
  let ids: string[];
  let strangerIds: string[];
  beforeAll(async () => {
    const drive = await seedConnection(db(), reader.me.id);
    ids = await seedFiles(db(), drive, ['Bulk 1.pdf', 'Bulk 2.pdf', 'Bulk 3.pdf', 'Bulk 4.pdf']);
    strangerIds = await seedFiles(db(), strangerDriveId, ['Not yours.pdf']);
  });
  const bulk = async (method: 'POST' | 'DELETE', url: string, payload: object) => {
    const res = await reader.browser.request({ method, url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number }>().count;
  };
  const marksOf = async (id: string) =>
    (await db().select().from(driveFileMarks).where(eq(driveFileMarks.fileId, id)))[0];

  it('counts the files it changed, skipping those I cannot see', async () => {
    const some = [ids[0]!, ids[1]!, strangerIds[0]!, 'google_unknown'];
    expect(await bulk('POST', CloudDrivePaths.bulkFavorite, { fileIds: some })).toBe(2);
    expect(await bulk('POST', CloudDrivePaths.bulkFavorite, { fileIds: [...ids, ids[0]!] })).toBe(2);
    expect(await bulk('POST', CloudDrivePaths.bulkUnfavorite, { fileIds: [ids[0]!, ids[0]!, strangerIds[0]!] })).toBe(
      1,
    );
    expect(await bulk('POST', CloudDrivePaths.bulkUnfavorite, { fileIds: [ids[0]!] })).toBe(0);

    expect(await bulk('POST', CloudDrivePaths.bulkTags, { fileIds: [...ids, ...strangerIds], tag: ' club ' })).toBe(4);
    expect(await bulk('POST', CloudDrivePaths.bulkTags, { fileIds: ids, tag: 'club' })).toBe(0);
    expect(await bulk('DELETE', CloudDrivePaths.bulkTags, { fileIds: [ids[0]!, strangerIds[0]!], tag: 'club' })).toBe(
      1,
    );
    expect(await marksOf(strangerIds[0]!)).toBeUndefined();
    expect(await marksOf(ids[0]!)).toMatchObject({ isFavorite: false, tags: [] });
    expect(await marksOf(ids[1]!)).toMatchObject({ isFavorite: true, tags: ['club'] });

    const files = await list(reader.browser, { search: 'Bulk' });
    expect(files.map((f) => [f.isFavorite, f.tags])).toEqual([
      [false, []],
      [true, ['club']],
      [true, ['club']],
      [true, ['club']],
    ]);
  });

  it('refuses an empty list and a blank tag, naming the field', async () => {
    const empty = await reader.browser.post(CloudDrivePaths.bulkFavorite, { fileIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].path).toBe('body.fileIds');
    const blank = await reader.browser.request({
      method: 'DELETE',
      url: CloudDrivePaths.bulkTags,
      payload: { fileIds: ids, tag: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues[0].path).toBe('body.tag');
  });

  it('lets twenty requests tag overlapping files at once without a deadlock or a lost tag', async () => {
    const drive = await seedConnection(db(), reader.me.id);
    const many = await seedFiles(
      db(),
      drive,
      Array.from({ length: 30 }, (_, i) => `Busy ${i}.pdf`),
    );
    const shuffled = (items: string[]) => [...items].sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const fileIds = shuffled(many).slice(0, 20);
        if (i % 3 === 0) {
          return reader.browser.post(i % 2 ? CloudDrivePaths.bulkUnfavorite : CloudDrivePaths.bulkFavorite, {
            fileIds,
          });
        }
        return reader.browser.request({
          method: i % 5 === 4 ? 'DELETE' : 'POST',
          url: CloudDrivePaths.bulkTags,
          payload: { fileIds, tag: `tag ${i % 4}` },
        });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await db().select().from(driveFileMarks).where(eq(driveFileMarks.userId, reader.me.id));
    for (const row of rows) expect(new Set(row.tags).size).toBe(row.tags.length);
  });
});

describe('POST files/batch', () => {
  const file = (externalId: string, extra: object = {}) => ({
    externalId,
    name: `${externalId}.pdf`,
    fileType: 'pdf',
    size: 10,
    modifiedAt: '2024-01-02T03:04:05Z',
    thumbnailUrl: 'http://169.254.169.254/latest/meta-data',
    downloadUrl: 'http://127.0.0.1:1/secret',
    ...extra,
  });

  it('stores records into my own cloud drive under their external id, never keeping a client’s URLs', async () => {
    const drive = await seedConnection(db(), reader.me.id);
    const first = await reader.browser.post(CloudDrivePaths.filesBatch, {
      connectionId: drive,
      files: [file('x1'), file('x2', { parentFolder: 'Books' })],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ count: 2 });
    const again = await reader.browser.post(CloudDrivePaths.filesBatch, {
      connectionId: drive,
      files: [file('x1', { name: 'Renamed.pdf' }), file('x1', { name: 'Renamed again.pdf' })],
    });
    expect(again.json()).toEqual({ count: 1 });

    const rows = await db().select().from(driveFiles).where(eq(driveFiles.connectionId, drive));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.id.startsWith('google_') && !r.hasThumbnail)).toBe(true);
    const files = await list(reader.browser, { connectionId: drive });
    expect(files.map((f) => [f.name, f.parentFolder, f.thumbnailUrl])).toEqual([
      ['Renamed again.pdf', null, null],
      ['x2.pdf', 'Books', null],
    ]);
    expect(files[0]!.downloadUrl).toBe(`/api/cloud-drives/files/${files[0]!.id}/content`);
  });

  it('answers 404 for another reader’s drive and for my uploads, and 400 naming bad fields', async () => {
    const uploads = await seedConnection(db(), reader.me.id, { provider: 'uploads' });
    for (const connectionId of [strangerDriveId, uploads, '00000000-0000-4000-8000-000000000000']) {
      const res = await reader.browser.post(CloudDrivePaths.filesBatch, { connectionId, files: [file('y')] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CloudDriveMessages.connectionNotFound);
    }
    const bad = await reader.browser.post(CloudDrivePaths.filesBatch, {
      connectionId: driveId,
      files: [file('z', { fileType: 'exe' })],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toMatch(/^body\.files\.0\.fileType/);
  });
});
