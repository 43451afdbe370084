import {
  BookmarkListSchema,
  FileProgressSchema,
  ReaderLimits,
  ReadingMessages,
  ReadingPaths,
  type Bookmark,
  type FileProgress,
  type ReadingSession,
} from '@bookshelf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingBookmarks, readingProgress, readingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser } from '../../test/browser.js';
import { addSession, errorMessage, issuePath, pathOf, readerWithFiles } from './reading-harness.js';

let clock = new Date('2024-06-15T12:00:00.000Z');
let t: TestApp;
let reader: Awaited<ReturnType<typeof readerWithFiles>>;
let stranger: Awaited<ReturnType<typeof readerWithFiles>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, startJobs: false });
  reader = await readerWithFiles(t.app, t.database.db, ['One.pdf', 'Two.pdf', 'Three.pdf', 'Four.pdf']);
  stranger = await readerWithFiles(t.app, t.database.db, ['Secret.pdf']);
});
afterAll(() => t.close());

const progressUrl = (fileId: string) => pathOf(ReadingPaths.fileProgress, { fileId });
const bookmarksUrl = (fileId: string) => pathOf(ReadingPaths.bookmarks, { fileId });
const save = (body: object, browser = reader.browser) => browser.post(ReadingPaths.saveFileProgress, body);

describe('file progress', () => {
  it('answers 404 with the reader’s message before any save, then what was saved, with its defaults', async () => {
    const fileId = reader.files[0]!;
    const none = await reader.browser.get(progressUrl(fileId));
    expect(none.statusCode).toBe(404);
    expect(errorMessage(none)).toBe(ReadingMessages.progressNotFound);

    const res = await save({ id: 'ignored', userId: stranger.me.id, fileId, currentPage: 4, totalPages: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const saved = FileProgressSchema.parse(res.json());
    expect(saved).toMatchObject({
      userId: reader.me.id,
      fileId,
      currentPage: 4,
      totalPages: 10,
      percentage: 40,
      location: null,
      lastReadAt: clock.toISOString(),
      readingPreferences: null,
    });

    const prefs = { zoom: 125, theme: 'sepia', fontSize: 18, fontFamily: 'serif', pageMode: 'scroll' };
    clock = new Date(clock.getTime() + 60_000); // a minute on: the reader's next save is newer
    const later = clock.toISOString();
    const again = await save({
      fileId,
      currentPage: 5,
      totalPages: 10,
      percentage: 47.5,
      location: 'epubcfi(/6/4!/4/2)',
      lastReadAt: later,
      readingPreferences: prefs,
    });
    expect(again.json()).toMatchObject({ id: saved.id, currentPage: 5, percentage: 47.5, lastReadAt: later });
    const got = await reader.browser.get(progressUrl(fileId));
    expect(got.statusCode).toBe(200);
    expect(got.json<FileProgress>()).toMatchObject({
      currentPage: 5,
      location: 'epubcfi(/6/4!/4/2)',
      readingPreferences: prefs,
    });
    // The stranger has no progress in it, and cannot see the file at all.
    expect((await stranger.browser.get(progressUrl(fileId))).statusCode).toBe(404);
  });

  it('keeps the stored place when an older save arrives late (a queued offline save)', async () => {
    const fileId = reader.files[1]!;
    await save({ fileId, currentPage: 9, totalPages: 20, lastReadAt: '2024-06-15T11:00:00.000Z' });
    const late = await save({ fileId, currentPage: 3, totalPages: 20, lastReadAt: '2024-06-15T10:00:00.000Z' });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ currentPage: 9, lastReadAt: '2024-06-15T11:00:00.000Z' });
  });

  it('stores a lastReadAt ahead of the server’s clock as now, so a device with a fast clock blocks no later save', async () => {
    const fileId = reader.files[1]!;
    const ahead = await save({ fileId, currentPage: 12, totalPages: 20, lastReadAt: '9999-12-31T23:59:59.000Z' });
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json()).toMatchObject({ currentPage: 12, lastReadAt: clock.toISOString() });

    clock = new Date(clock.getTime() + 1000); // the same reader, another device with the right time, a second on
    const next = await save({ fileId, currentPage: 14, totalPages: 20, lastReadAt: clock.toISOString() });
    expect(next.json()).toMatchObject({ currentPage: 14, lastReadAt: clock.toISOString() });
    // An older save queued offline still does not move the reader back.
    const late = await save({ fileId, currentPage: 2, totalPages: 20, lastReadAt: '2024-06-15T11:30:00.000Z' });
    expect(late.json()).toMatchObject({ currentPage: 14 });
  });

  it('answers every one of 20 concurrent saves of the same file, and keeps one record: the latest', async () => {
    const fileId = reader.files[2]!;
    const base = Date.parse('2024-06-15T11:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        save({ fileId, currentPage: i + 1, totalPages: 20, lastReadAt: new Date(base + i * 1000).toISOString() }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const rows = await t.database.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, reader.me.id), eq(readingProgress.fileId, fileId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ currentPage: 20 });
  });

  it('takes a same-origin JSON save such as a keepalive fetch on tab hide sends, and refuses a foreign origin', async () => {
    const fileId = reader.files[3]!;
    const body = { fileId, currentPage: 2, totalPages: 3 };
    const sameOrigin = await reader.browser.post(ReadingPaths.saveFileProgress, body, {
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    const foreign = await reader.browser.post(ReadingPaths.saveFileProgress, body, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('takes readingPreferences as the spec’s JSON text or as an object, missing fields the defaults (issue 27)', async () => {
    const fileId = reader.files[3]!;
    clock = new Date(clock.getTime() + 60_000);
    const asText = await save({
      fileId,
      currentPage: 2,
      totalPages: 9,
      readingPreferences: '{"zoom":150,"theme":"dark"}',
    });
    expect(asText.statusCode, asText.body).toBe(200);
    const full = { zoom: 150, theme: 'dark', fontSize: 16, fontFamily: 'serif', pageMode: 'single' };
    expect(asText.json<FileProgress>().readingPreferences).toEqual(full);
    expect((await reader.browser.get(progressUrl(fileId))).json<FileProgress>().readingPreferences).toEqual(full);

    clock = new Date(clock.getTime() + 60_000);
    const partial = await save({ fileId, currentPage: 3, totalPages: 9, readingPreferences: { pageMode: 'scroll' } });
    expect(partial.json<FileProgress>().readingPreferences).toEqual({
      ...full,
      zoom: 100,
      theme: 'light',
      pageMode: 'scroll',
    });

    // Text that is not JSON, or JSON with a bad field, is a 400 naming it, and the stored place stays.
    for (const [readingPreferences, path] of [
      ['{"zoom":', 'body.readingPreferences'],
      ['{"zoom":999}', 'body.readingPreferences.zoom'],
      [7, 'body.readingPreferences'],
    ] as const) {
      const res = await save({ fileId, currentPage: 9, totalPages: 9, readingPreferences });
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe(path);
    }
    expect((await reader.browser.get(progressUrl(fileId))).json<FileProgress>()).toMatchObject({ currentPage: 3 });
  });

  it('refuses bad saves naming the field, and a file the reader cannot see as not found', async () => {
    const fileId = reader.files[0]!;
    const cases: [object, string][] = [
      [{ fileId, currentPage: 11, totalPages: 10 }, 'body.currentPage'],
      [{ fileId, currentPage: 0, totalPages: 10 }, 'body.currentPage'],
      [{ fileId, currentPage: 1.5, totalPages: 10 }, 'body.currentPage'],
      [{ fileId, currentPage: 1, totalPages: 0 }, 'body.totalPages'],
      [{ currentPage: 1, totalPages: 10 }, 'body.fileId'],
      [{ fileId, currentPage: 1, totalPages: 10, percentage: 101 }, 'body.percentage'],
      [{ fileId, currentPage: 1, totalPages: 10, lastReadAt: 'yesterday' }, 'body.lastReadAt'],
      [
        {
          fileId,
          currentPage: 1,
          totalPages: 10,
          readingPreferences: { zoom: 100, theme: 'neon', fontSize: 16, fontFamily: 'serif', pageMode: 'single' },
        },
        'body.readingPreferences.theme',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await save(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe(path);
    }
    for (const file of [stranger.files[0]!, 'google_missing']) {
      const res = await save({ fileId: file, currentPage: 1, totalPages: 2 });
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe('File not found');
    }
  });
});

describe('bookmarks', () => {
  const add = (body: object, browser = reader.browser) => browser.post(ReadingPaths.addBookmark, body);

  it('lists a file’s bookmarks by page then as added, with notes trimmed and empty ones none', async () => {
    const fileId = reader.files[0]!;
    const first = await add({ fileId, pageNumber: 7, note: '  Turning point  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ fileId, pageNumber: 7, note: 'Turning point', location: null });
    expect(first.json<Bookmark>().createdAt).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 1000);
    await add({ fileId, pageNumber: 2, note: '   ', location: 'epubcfi(/6/2)' });
    clock = new Date(clock.getTime() + 1000);
    await add({ fileId, pageNumber: 7, note: null });
    await add({ fileId, pageNumber: 1, createdAt: '2024-01-01T00:00:00.000Z' });
    await add({ fileId: reader.files[1]!, pageNumber: 3 });

    const res = await reader.browser.get(bookmarksUrl(fileId));
    expect(res.statusCode).toBe(200);
    const list = BookmarkListSchema.parse(res.json());
    expect(list.map((b) => [b.pageNumber, b.note])).toEqual([
      [1, null],
      [2, null],
      [7, 'Turning point'],
      [7, null],
    ]);
    expect(list[0]!.createdAt).toBe('2024-01-01T00:00:00.000Z');
    expect(list[1]!.location).toBe('epubcfi(/6/2)');
  });

  it('deletes only the reader’s own bookmark: another reader’s is not found and stays', async () => {
    const fileId = reader.files[1]!;
    const mine = (await add({ fileId, pageNumber: 5 })).json<Bookmark>();
    const theirs = (await add({ fileId: stranger.files[0]!, pageNumber: 1 }, stranger.browser)).json<Bookmark>();

    const refused = await reader.browser.delete(pathOf(ReadingPaths.bookmark, { id: theirs.id }));
    expect(refused.statusCode).toBe(404);
    expect(errorMessage(refused)).toBe(ReadingMessages.bookmarkNotFound);
    expect((await stranger.browser.get(bookmarksUrl(stranger.files[0]!))).json<Bookmark[]>()).toHaveLength(1);

    const removed = await reader.browser.delete(pathOf(ReadingPaths.bookmark, { id: mine.id }));
    expect(removed.statusCode).toBe(204);
    expect((await reader.browser.get(bookmarksUrl(fileId))).json<Bookmark[]>().map((b) => b.id)).not.toContain(mine.id);
    expect((await reader.browser.delete(pathOf(ReadingPaths.bookmark, { id: mine.id }))).statusCode).toBe(404);
    const badId = await reader.browser.delete(pathOf(ReadingPaths.bookmark, { id: 'nope' }));
    expect(badId.statusCode).toBe(400);
    expect(issuePath(badId)).toBe('params.id');
  });

  it('refuses bad bookmarks naming the field, and files the reader cannot see', async () => {
    const fileId = reader.files[0]!;
    const cases: [object, string][] = [
      [{ fileId, pageNumber: 0 }, 'body.pageNumber'],
      [{ fileId }, 'body.pageNumber'],
      [{ fileId, pageNumber: 1, note: 'x'.repeat(ReaderLimits.noteMaxLength + 1) }, 'body.note'],
      [{ fileId, pageNumber: 1, note: 'nul\u0000' }, 'body.note'],
      [{ pageNumber: 1 }, 'body.fileId'],
    ];
    for (const [body, path] of cases) {
      const res = await add(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe(path);
    }
    expect((await add({ fileId: stranger.files[0]!, pageNumber: 1 })).statusCode).toBe(404);
    expect((await reader.browser.get(bookmarksUrl(stranger.files[0]!))).statusCode).toBe(404);
  });

  it(`holds at most ${ReaderLimits.bookmarksPerFileMax} bookmarks per file, then answers 400 naming fileId`, async () => {
    const fileId = reader.files[3]!;
    await t.database.db.insert(readingBookmarks).values(
      Array.from({ length: ReaderLimits.bookmarksPerFileMax - 1 }, (_, i) => ({
        userId: reader.me.id,
        fileId,
        pageNumber: i + 1,
      })),
    );
    expect((await add({ fileId, pageNumber: 5000 })).statusCode).toBe(201);
    const full = await add({ fileId, pageNumber: 5001 });
    expect(full.statusCode).toBe(400);
    expect(issuePath(full)).toBe('body.fileId');
    expect(errorMessage(full)).toBe(ReadingMessages.bookmarksFull);
    // Another file, and another reader, have room of their own.
    expect((await add({ fileId: reader.files[2]!, pageNumber: 1 })).statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('records a session and answers it with 201', async () => {
    const session = await addSession(reader.browser, reader.files[0]!, '2024-06-15T09:00:00Z', {
      seconds: 600,
      pages: 4,
    });
    expect(session).toMatchObject({
      fileId: reader.files[0],
      startTime: '2024-06-15T09:00:00.000Z',
      endTime: '2024-06-15T09:10:00.000Z',
      pagesRead: 4,
      timeSpent: 600,
    });
  });

  it('records a session posted twice (its answer lost, the offline queue sends it again) once, answering it both times', async () => {
    const fileId = reader.files[2]!;
    const body = {
      fileId,
      startTime: '2024-06-15T08:00:00.000Z',
      endTime: '2024-06-15T08:20:00.000Z',
      pagesRead: 6,
      timeSpent: 1200,
    };
    const sessionsCount = async () =>
      (await reader.browser.get(pathOf(ReadingPaths.stats, { userId: reader.me.id }))).json<{
        sessionsCount: number;
      }>().sessionsCount;
    const before = await sessionsCount();

    const first = await reader.browser.post(ReadingPaths.sessions, body);
    expect(first.statusCode, first.body).toBe(201);
    // Sent again, twice at once: each answer is the session recorded the first time.
    const again = await Promise.all([1, 2].map(() => reader.browser.post(ReadingPaths.sessions, body)));
    expect(again.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(again.map((r) => r.json<ReadingSession>())).toEqual([first.json(), first.json()]);
    const rows = await t.database.db
      .select()
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, reader.me.id), eq(readingSessions.fileId, fileId)));
    expect(rows).toHaveLength(1);
    expect(await sessionsCount()).toBe(before + 1);

    // Another start, or another file, is another session.
    await addSession(reader.browser, fileId, '2024-06-15T08:30:00Z');
    await addSession(reader.browser, reader.files[3]!, '2024-06-15T08:00:00Z');
    expect(await sessionsCount()).toBe(before + 3);
  });

  it('refuses a session ending more than 5 minutes after the server’s now, naming endTime', async () => {
    const fileId = reader.files[0]!;
    const ending = (end: Date) =>
      reader.browser.post(ReadingPaths.sessions, {
        fileId,
        startTime: new Date(end.getTime() - 60_000).toISOString(),
        endTime: end.toISOString(),
        pagesRead: 1,
        timeSpent: 60,
      });
    for (const end of [new Date(clock.getTime() + 5 * 60_000 + 1000), new Date('9999-12-31T23:59:59Z')]) {
      const res = await ending(end);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe('body.endTime');
      expect(errorMessage(res)).toBe('endTime must not be in the future.');
    }
    // A device clock a little ahead is no reason to lose a session.
    expect((await ending(new Date(clock.getTime() + 4 * 60_000))).statusCode).toBe(201);
  });

  it('refuses bad sessions naming the field, and a file the reader cannot see', async () => {
    const fileId = reader.files[0]!;
    const base = {
      fileId,
      startTime: '2024-06-15T09:00:00Z',
      endTime: '2024-06-15T09:10:00Z',
      pagesRead: 1,
      timeSpent: 60,
    };
    const cases: [object, string][] = [
      [{ ...base, endTime: '2024-06-15T08:00:00Z' }, 'body.endTime'],
      [{ ...base, timeSpent: ReaderLimits.sessionMaxSeconds + 1 }, 'body.timeSpent'],
      [{ ...base, pagesRead: -1 }, 'body.pagesRead'],
      [{ ...base, startTime: '2024-06-15 09:00' }, 'body.startTime'],
    ];
    for (const [body, path] of cases) {
      const res = await reader.browser.post(ReadingPaths.sessions, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe(path);
    }
    const hidden = await reader.browser.post(ReadingPaths.sessions, { ...base, fileId: stranger.files[0] });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('signed out', () => {
  it('answers 401 on every reading route', async () => {
    const visitor = createBrowser(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const fileId = reader.files[0]!;
    const requests: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['GET', pathOf(ReadingPaths.stats, { userId: reader.me.id })],
      ['GET', pathOf(ReadingPaths.activity, { userId: reader.me.id })],
      ['GET', progressUrl(fileId)],
      ['POST', ReadingPaths.saveFileProgress],
      ['GET', bookmarksUrl(fileId)],
      ['POST', ReadingPaths.addBookmark],
      ['DELETE', pathOf(ReadingPaths.bookmark, { id })],
      ['GET', pathOf(ReadingPaths.goals, { userId: reader.me.id })],
      ['POST', ReadingPaths.createGoal],
      ['PATCH', pathOf(ReadingPaths.goal, { id })],
      ['DELETE', pathOf(ReadingPaths.goal, { id })],
      ['GET', pathOf(ReadingPaths.achievements, { userId: reader.me.id })],
      ['GET', pathOf(ReadingPaths.export, { userId: reader.me.id })],
      ['POST', ReadingPaths.sessions],
      ['GET', ReadingPaths.settings],
      ['PUT', ReadingPaths.settings],
    ];
    const bodies: Record<string, object> = {
      [ReadingPaths.saveFileProgress]: { fileId, currentPage: 1, totalPages: 2 },
      [ReadingPaths.addBookmark]: { fileId, pageNumber: 1 },
      [ReadingPaths.createGoal]: { type: 'pages', target: 10, startDate: '2024-06-01', endDate: '2024-06-30' },
      [ReadingPaths.sessions]: {
        fileId,
        startTime: '2024-06-15T09:00:00Z',
        endTime: '2024-06-15T09:10:00Z',
        pagesRead: 1,
        timeSpent: 60,
      },
      [ReadingPaths.settings]: { timeZone: 'UTC' },
      [pathOf(ReadingPaths.goal, { id })]: { progress: 1 },
    };
    for (const [method, url] of requests) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : bodies[url];
      const res = await visitor.request({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
    }
  });
});
