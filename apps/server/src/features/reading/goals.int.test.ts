import {
  ReaderLimits,
  ReadingGoalListSchema,
  ReadingGoalSchema,
  ReadingMessages,
  ReadingPaths,
  type ReadingGoal,
} from '@bookshelf/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readingGoals, readingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { Browser } from '../../test/browser.js';
import { addSession, errorMessage, inZone, issuePath, pathOf, readerWithFiles } from './reading-harness.js';

const JUNE_15 = new Date('2024-06-15T12:00:00.000Z');
/** The app's clock: 15 June unless a test moves it. */
let clock = JUNE_15;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, startJobs: false });
});
afterEach(() => {
  clock = JUNE_15;
});
afterAll(() => t.close());

const NY = 'America/New_York';
const JUNE = { startDate: '2024-06-01', endDate: '2024-06-30' };

async function createGoal(browser: Browser, body: object, timeZone = NY): Promise<ReadingGoal> {
  const res = await browser.post(ReadingPaths.createGoal, body, inZone(timeZone));
  expect(res.statusCode, res.body).toBe(201);
  return ReadingGoalSchema.parse(res.json());
}

async function goalsOf(browser: Browser, userId: string, timeZone = NY): Promise<ReadingGoal[]> {
  const res = await browser.get(pathOf(ReadingPaths.goals, { userId }), inZone(timeZone));
  expect(res.statusCode, res.body).toBe(200);
  return ReadingGoalListSchema.parse(res.json());
}

const patch = (browser: Browser, id: string, payload: object, timeZone = NY) =>
  browser.request({ method: 'PATCH', url: pathOf(ReadingPaths.goal, { id }), payload, ...inZone(timeZone) });

describe('reading goals', () => {
  it('computes pages and whole minutes from the sessions on the goal’s days in the reader’s zone', async () => {
    clock = new Date('2024-07-02T12:00:00.000Z'); // after every session below: none may end in the future
    const { browser, me, files } = await readerWithFiles(t.app, t.database.db);
    const file = files[0]!;
    const pages = await createGoal(browser, { type: 'pages', target: 100, ...JUNE, progress: 50, isCompleted: true });
    expect(pages).toMatchObject({
      type: 'pages',
      target: 100,
      unit: 'pages',
      progress: 0,
      isCompleted: false,
      ...JUNE,
    });
    const minutes = await createGoal(browser, { type: 'minutes', target: 5, unit: '  mins ', ...JUNE });
    expect(minutes.unit).toBe('mins');

    await addSession(browser, file, '2024-06-01T03:30:00Z', { seconds: 90, pages: 7 }); // 23:30 EDT, 31 May
    await addSession(browser, file, '2024-06-01T04:10:00Z', { seconds: 90, pages: 15 }); // 00:10 EDT, 1 June
    await addSession(browser, file, '2024-06-10T12:00:00Z', { seconds: 90, pages: 10 });
    await addSession(browser, file, '2024-07-01T03:30:00Z', { seconds: 90, pages: 5 }); // 23:30 EDT, 30 June
    await addSession(browser, file, '2024-07-01T04:30:00Z', { seconds: 900, pages: 9 }); // 00:30 EDT, 1 July

    const list = await goalsOf(browser, me.id);
    expect(list.map((g) => [g.type, g.progress, g.isCompleted])).toEqual([
      ['pages', 30, false],
      ['minutes', 4, false], // three sessions of 90 seconds: 270 seconds are 4 whole minutes
    ]);
    // In UTC the days differ: the 31 May session is June's, the 30 June one is July's.
    expect((await goalsOf(browser, me.id, 'UTC')).map((g) => g.progress)).toEqual([32, 4]);
  });

  it('shows a PATCHed progress at once, adds later sessions to it, and completes at the target', async () => {
    const { browser, me, files } = await readerWithFiles(t.app, t.database.db);
    const file = files[0]!;
    const goal = await createGoal(browser, { type: 'pages', target: 100, ...JUNE });
    await addSession(browser, file, '2024-06-02T12:00:00Z', { pages: 12 });

    const patched = await patch(browser, goal.id, { progress: 70 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(ReadingGoalSchema.parse(patched.json())).toMatchObject({ id: goal.id, progress: 70, isCompleted: false });
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: 70 });

    await addSession(browser, file, '2024-06-03T12:00:00Z', { pages: 20 });
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: 90, isCompleted: false });
    await addSession(browser, file, '2024-06-04T12:00:00Z', { pages: 15 });
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: 105, isCompleted: true });

    const reset = await patch(browser, goal.id, { progress: 0 });
    expect(reset.json()).toMatchObject({ progress: 0, isCompleted: false });
    const done = await patch(browser, goal.id, { progress: 100 });
    expect(done.json()).toMatchObject({ progress: 100, isCompleted: true });
  });

  it('counts the reader’s books read on the goal’s days for a books goal', async () => {
    const { browser, me } = await readerWithFiles(t.app, t.database.db);
    const other = await readerWithFiles(t.app, t.database.db);
    const addBook = async (owner: Browser, body: object) => {
      const res = await owner.post('/api/books', { title: 'A book', author: 'Someone', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const goal = await createGoal(browser, { type: 'books', target: 3, ...JUNE });
    expect(goal).toMatchObject({ unit: 'books', progress: 0 });

    await addBook(browser, { status: 'read' }); // read now: 15 June
    await addBook(browser, { status: 'read', dateRead: '2024-06-01T04:30:00Z' }); // 00:30 EDT, 1 June
    await addBook(browser, { status: 'read', dateRead: '2024-06-01T03:30:00Z' }); // 31 May in New York
    await addBook(browser, { status: 'reading' });
    await addBook(browser, { status: 'owned' });
    const trashed = await addBook(browser, { status: 'read', dateRead: '2024-06-20' });
    expect((await browser.delete(`/api/books/${trashed}`)).statusCode).toBe(204);
    await addBook(other.browser, { status: 'read' });

    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: 2, isCompleted: false });
    const patched = await patch(browser, goal.id, { progress: 2 });
    expect(patched.json()).toMatchObject({ progress: 2 });
    await addBook(browser, { status: 'read', dateRead: '2024-06-30' });
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: 3, isCompleted: true });
  });

  it('deletes a goal with 204; another reader’s goal is not found for PATCH and DELETE alike', async () => {
    const { browser, me } = await readerWithFiles(t.app, t.database.db);
    const other = await readerWithFiles(t.app, t.database.db);
    const theirs = await createGoal(other.browser, { type: 'pages', target: 10, ...JUNE });
    const mine = await createGoal(browser, { type: 'minutes', target: 10, ...JUNE });

    for (const res of [
      await patch(browser, theirs.id, { progress: 5 }),
      await browser.delete(pathOf(ReadingPaths.goal, { id: theirs.id })),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(ReadingMessages.goalNotFound);
    }
    expect((await goalsOf(other.browser, other.me.id))[0]).toMatchObject({ id: theirs.id, progress: 0 });

    expect((await browser.delete(pathOf(ReadingPaths.goal, { id: mine.id }))).statusCode).toBe(204);
    expect(await goalsOf(browser, me.id)).toEqual([]);
    expect((await browser.delete(pathOf(ReadingPaths.goal, { id: mine.id }))).statusCode).toBe(404);
    expect((await patch(browser, mine.id, { progress: 1 })).statusCode).toBe(404);
  });

  it('refuses bad goals and progress naming the field', async () => {
    const { browser } = await readerWithFiles(t.app, t.database.db);
    const goal = await createGoal(browser, { type: 'pages', target: 10, ...JUNE });
    const cases: [object, string][] = [
      [{ type: 'chapters', target: 10, ...JUNE }, 'body.type'],
      [{ type: 'pages', target: 0, ...JUNE }, 'body.target'],
      [{ type: 'pages', target: ReaderLimits.goalTargetMax + 1, ...JUNE }, 'body.target'],
      [{ type: 'pages', target: 10, startDate: '2024-06-31', endDate: '2024-07-01' }, 'body.startDate'],
      [{ type: 'pages', target: 10, startDate: '2024-06-10', endDate: '2024-06-09' }, 'body.endDate'],
      [{ type: 'pages', target: 10, ...JUNE, unit: 'u'.repeat(31) }, 'body.unit'],
    ];
    for (const [body, path] of cases) {
      const res = await browser.post(ReadingPaths.createGoal, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(issuePath(res)).toBe(path);
    }
    for (const progress of [-1, 1.5, 'ten', ReaderLimits.goalTargetMax + 1]) {
      const res = await patch(browser, goal.id, { progress });
      expect(res.statusCode).toBe(400);
      expect(issuePath(res)).toBe('body.progress');
    }
    const badId = await patch(browser, 'not-a-uuid', { progress: 1 });
    expect(issuePath(badId)).toBe('params.id');
  });

  it('answers a PATCH, never a 500, when the goal’s sessions sum past what an int holds', async () => {
    const { browser, me, files } = await readerWithFiles(t.app, t.database.db);
    const goal = await createGoal(browser, { type: 'pages', target: 100, ...JUNE });
    // 2,200 sessions of the most pages one may have: 2.2 billion pages, past 2^31 (rows inserted for speed).
    const sessions = 2200;
    const start = Date.parse('2024-06-05T00:00:00.000Z');
    await t.database.db.insert(readingSessions).values(
      Array.from({ length: sessions }, (_, i) => ({
        userId: me.id,
        fileId: files[0]!,
        startTime: new Date(start + i * 60_000),
        endTime: new Date(start + i * 60_000 + 30_000),
        pagesRead: ReaderLimits.pagesMax,
        timeSpent: 30,
      })),
    );
    const sum = sessions * ReaderLimits.pagesMax;
    expect(sum).toBeGreaterThan(2 ** 31);
    const INT_MAX = 2 ** 31 - 1;
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: INT_MAX, isCompleted: true });

    const patched = await patch(browser, goal.id, { progress: 5 });
    expect(patched.statusCode, patched.body).toBe(200);
    // The adjustment stops at the int's least value, so the progress shown is what that leaves.
    expect(patched.json()).toMatchObject({ progress: sum - 2 ** 31 });
    expect((await goalsOf(browser, me.id))[0]).toMatchObject({ progress: sum - 2 ** 31 });
  });

  it(`holds at most ${ReaderLimits.goalsMax} goals, then answers 400`, async () => {
    const { browser, me } = await readerWithFiles(t.app, t.database.db);
    await t.database.db.insert(readingGoals).values(
      Array.from({ length: ReaderLimits.goalsMax - 1 }, () => ({
        userId: me.id,
        type: 'pages',
        target: 10,
        unit: 'pages',
        ...JUNE,
      })),
    );
    await createGoal(browser, { type: 'books', target: 1, ...JUNE });
    const full = await browser.post(ReadingPaths.createGoal, { type: 'books', target: 1, ...JUNE });
    expect(full.statusCode).toBe(400);
    expect(issuePath(full)).toBe('body.type');
    expect(errorMessage(full)).toBe(ReadingMessages.goalsFull);
    expect(await goalsOf(browser, me.id)).toHaveLength(ReaderLimits.goalsMax);
  });
});
