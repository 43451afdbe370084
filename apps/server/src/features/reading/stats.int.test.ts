import {
  AchievementsSchema,
  ReadingActivitySchema,
  ReadingMessages,
  ReadingPaths,
  ReadingStatsSchema,
  type Achievement,
  type ReadingStats,
} from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { Browser } from '../../test/browser.js';
import { addSession, errorMessage, inZone, issuePath, pathOf, readerWithFiles } from './reading-harness.js';

/** The app's clock; each test sets it before it signs its reader up. */
let clock = new Date('2024-05-15T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, startJobs: false });
});
afterAll(() => t.close());

const newReader = () => readerWithFiles(t.app, t.database.db);
type Reader = Awaited<ReturnType<typeof newReader>>;

/** Moves the clock; a browser session idle for a day has expired by then, so the reader signs in again. */
async function travel(to: string, reader: Reader) {
  clock = new Date(to);
  const res = await reader.browser.post('/api/auth/login', {
    email: reader.user.email,
    password: reader.user.password,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function statsOf(browser: Browser, userId: string, query = '', timeZone?: string): Promise<ReadingStats> {
  const res = await browser.get(`${pathOf(ReadingPaths.stats, { userId })}${query}`, inZone(timeZone));
  expect(res.statusCode, res.body).toBe(200);
  return ReadingStatsSchema.parse(res.json());
}

async function achievementsOf(browser: Browser, userId: string, timeZone?: string) {
  const res = await browser.get(pathOf(ReadingPaths.achievements, { userId }), inZone(timeZone));
  expect(res.statusCode, res.body).toBe(200);
  return AchievementsSchema.parse(res.json());
}

const setZone = async (browser: Browser, timeZone: string | null) => {
  const res = await browser.request({ method: 'PUT', url: ReadingPaths.settings, payload: { timeZone } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET stats', () => {
  it('sums the calendar week (from Monday), month, year or everything (the default) in SQL', async () => {
    clock = new Date('2024-05-15T12:00:00.000Z'); // a Wednesday
    const reader = await newReader();
    const { browser, me, files } = reader;
    const empty = await statsOf(browser, me.id);
    expect(empty).toEqual({
      totalTimeSpent: 0,
      totalPagesRead: 0,
      averageReadingSpeed: 0,
      sessionsCount: 0,
      lastReadAt: null,
      streakDays: 0,
      favoriteReadingTime: '20:00',
    });
    const file = files[0]!;
    await addSession(browser, file, '2024-05-13T09:00:00Z', { seconds: 1800, pages: 10 }); // Monday this week
    await addSession(browser, file, '2024-05-06T09:00:00Z', { seconds: 3600, pages: 20 }); // last week
    await addSession(browser, file, '2024-02-10T09:00:00Z', { seconds: 1800, pages: 5 }); // this year
    await addSession(browser, file, '2023-12-31T23:30:00Z', { seconds: 900, pages: 3 }); // last year (UTC)

    expect(await statsOf(browser, me.id, '?timeframe=week')).toEqual({
      totalTimeSpent: 1800,
      totalPagesRead: 10,
      averageReadingSpeed: 20,
      sessionsCount: 1,
      lastReadAt: '2024-05-13T09:30:00.000Z',
      streakDays: 0,
      favoriteReadingTime: '09:00',
    });
    expect(await statsOf(browser, me.id, '?timeframe=month')).toMatchObject({
      totalTimeSpent: 5400,
      totalPagesRead: 30,
      averageReadingSpeed: 20,
      sessionsCount: 2,
    });
    expect(await statsOf(browser, me.id, '?timeframe=year')).toMatchObject({ sessionsCount: 3, totalPagesRead: 35 });
    const all = await statsOf(browser, me.id);
    expect(all).toMatchObject({ totalTimeSpent: 8100, totalPagesRead: 38, sessionsCount: 4 });
    expect(all.averageReadingSpeed).toBe(16.9); // 38 pages in 2.25 hours
    expect(await statsOf(browser, me.id, '?timeframe=all')).toEqual(all);
    // In Tokyo the last session of 2023 (UTC) was read on New Year's morning: it is this year's.
    expect(await statsOf(browser, me.id, '?timeframe=year', 'Asia/Tokyo')).toMatchObject({ sessionsCount: 4 });

    // Later the week has turned: Monday 00:00 in the reader's zone starts the next one.
    await travel('2024-05-20T00:30:00.000Z', reader);
    expect(await statsOf(browser, me.id, '?timeframe=week')).toMatchObject({ sessionsCount: 0 });
    // In New York it is still Sunday evening, the same week as the Monday session.
    expect(await statsOf(browser, me.id, '?timeframe=week', 'America/New_York')).toMatchObject({
      sessionsCount: 1,
    });

    const bad = await browser.get(`${pathOf(ReadingPaths.stats, { userId: me.id })}?timeframe=decade`);
    expect(bad.statusCode).toBe(400);
    expect(issuePath(bad)).toBe('querystring.timeframe');
  });

  it('names the most frequent start hour in the reader’s zone, the earliest of equals', async () => {
    clock = new Date('2024-05-15T12:00:00.000Z');
    const { browser, me, files } = await newReader();
    const file = files[0]!;
    // New York (EDT, UTC-4): two sessions at 21:xx, two at 07:xx, one at 11:00.
    for (const start of [
      '2024-05-11T01:10:00Z',
      '2024-05-12T01:20:00Z',
      '2024-05-11T11:30:00Z',
      '2024-05-12T11:05:00Z',
      '2024-05-13T15:00:00Z',
    ]) {
      await addSession(browser, file, start, { seconds: 600, pages: 2 });
    }
    expect((await statsOf(browser, me.id, '', 'America/New_York')).favoriteReadingTime).toBe('07:00');
    // In UTC the same sessions start at 01:xx twice and 11:xx twice.
    expect((await statsOf(browser, me.id)).favoriteReadingTime).toBe('01:00');
    await setZone(browser, 'Asia/Kolkata'); // +05:30: 06:40, 06:50, 17:00, 16:35, 20:30
    expect((await statsOf(browser, me.id, '', 'America/New_York')).favoriteReadingTime).toBe('06:00');
  });

  it('sees a session saved a moment ago: reading answers carry no ETag and are not stored', async () => {
    clock = new Date('2024-05-15T12:00:00.000Z');
    const { browser, me, files } = await newReader();
    const url = pathOf(ReadingPaths.stats, { userId: me.id });
    const before = await browser.get(url);
    expect(before.headers.etag).toBeUndefined();
    expect(before.headers['cache-control']).toBe('private, no-store');
    await addSession(browser, files[0]!, '2024-05-15T10:00:00Z', { seconds: 600, pages: 3 });
    const after = await browser.get(url, { headers: { 'if-none-match': '*' } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ sessionsCount: 1, totalPagesRead: 3, streakDays: 1 });
  });

  it('answers 404 for another reader’s userId on every per-reader path, and 400 for one that is not a UUID', async () => {
    const { browser } = await newReader();
    const other = await newReader();
    for (const template of [
      ReadingPaths.stats,
      ReadingPaths.activity,
      ReadingPaths.goals,
      ReadingPaths.achievements,
      ReadingPaths.export,
    ]) {
      const res = await browser.get(pathOf(template, { userId: other.me.id }));
      expect(res.statusCode, template).toBe(404);
      expect(errorMessage(res)).toBe(ReadingMessages.otherUser);
      const bad = await browser.get(pathOf(template, { userId: 'me' }));
      expect(bad.statusCode).toBe(400);
      expect(issuePath(bad)).toBe('params.userId');
    }
  });
});

describe('streaks across a DST change', () => {
  it('counts days in Europe/London (set in the settings) around the spring change, not in UTC', async () => {
    clock = new Date('2024-04-02T12:00:00.000Z');
    const reader = await newReader();
    const { browser, me, files } = reader;
    await setZone(browser, 'Europe/London');
    const file = files[0]!;
    // Clocks went forward at 01:00 UTC on 31 March. Local days 30, 31 March, 1 and 2 April; UTC days 30, 31,
    // 31, 1: the sessions just after local midnight in summer time fall on the UTC day before.
    await addSession(browser, file, '2024-03-30T00:10:00Z'); // 00:10 GMT, 30 March
    await addSession(browser, file, '2024-03-31T22:55:00Z'); // 23:55 BST, 31 March
    await addSession(browser, file, '2024-03-31T23:05:00Z'); // 00:05 BST, 1 April
    await addSession(browser, file, '2024-04-01T23:05:00Z'); // 00:05 BST, 2 April
    expect((await statsOf(browser, me.id)).streakDays).toBe(4);
    expect(await achievementsOf(browser, me.id)).toMatchObject({
      currentStreak: 4,
      longestStreak: 4,
      totalDaysRead: 4,
    });
    // Just after local midnight the new day has no session yet: the streak is not broken before it ends.
    clock = new Date('2024-04-02T23:30:00.000Z'); // 00:30 BST, 3 April (within a day: still signed in)
    expect((await statsOf(browser, me.id)).streakDays).toBe(4);
    await travel('2024-04-03T23:30:00.000Z', reader); // 00:30 BST, 4 April: 3 April went by without reading
    expect((await statsOf(browser, me.id)).streakDays).toBe(0);

    // The same sessions counted in UTC: two of them share a day.
    clock = new Date('2024-04-02T12:00:00.000Z'); // back: the session seen on the 4th has not expired
    await setZone(browser, null);
    expect(await achievementsOf(browser, me.id)).toMatchObject({ totalDaysRead: 3, longestStreak: 3 });
  });

  it('counts days in America/New_York (the browser’s zone) across the spring and autumn changes', async () => {
    clock = new Date('2024-03-11T16:00:00.000Z');
    const reader = await newReader();
    const { browser, me, files } = reader;
    const file = files[0]!;
    const NY = 'America/New_York';
    // Clocks went forward at 07:00 UTC on 10 March: local midnight is 05:00 UTC before, 04:00 UTC after.
    await addSession(browser, file, '2024-03-09T04:50:00Z'); // 23:50 EST, 8 March
    await addSession(browser, file, '2024-03-10T04:50:00Z'); // 23:50 EST, 9 March
    await addSession(browser, file, '2024-03-11T03:50:00Z'); // 23:50 EDT, 10 March
    await addSession(browser, file, '2024-03-11T04:10:00Z'); // 00:10 EDT, 11 March
    expect((await statsOf(browser, me.id, '', NY)).streakDays).toBe(4);
    expect((await statsOf(browser, me.id)).streakDays).toBe(3); // UTC: 9, 10, 11 March
    // A zone neither Intl nor PostgreSQL knows is ignored: UTC.
    expect((await statsOf(browser, me.id, '', 'Mars/Olympus')).streakDays).toBe(3);

    // Clocks went back at 06:00 UTC on 3 November: local midnight is 04:00 UTC before, 05:00 UTC after.
    await travel('2024-11-04T16:00:00.000Z', reader);
    await addSession(browser, file, '2024-11-03T03:30:00Z'); // 23:30 EDT, 2 November
    await addSession(browser, file, '2024-11-03T04:30:00Z'); // 00:30 EDT, 3 November
    await addSession(browser, file, '2024-11-04T04:30:00Z'); // 23:30 EST, 3 November
    await addSession(browser, file, '2024-11-04T05:30:00Z'); // 00:30 EST, 4 November
    expect((await statsOf(browser, me.id, '', NY)).streakDays).toBe(3);
    expect(await achievementsOf(browser, me.id, NY)).toMatchObject({
      currentStreak: 3,
      longestStreak: 4,
      totalDaysRead: 7,
    });
    expect((await statsOf(browser, me.id)).streakDays).toBe(2); // UTC: 3 and 4 November
  });
});

describe('GET activity', () => {
  it('answers pages, whole minutes and sessions per local day of the timeframe, with the zone', async () => {
    clock = new Date('2024-05-15T12:00:00.000Z');
    const { browser, me, files } = await newReader();
    const file = files[0]!;
    await addSession(browser, file, '2024-05-14T23:30:00Z', { seconds: 90, pages: 3 }); // 01:30 CEST, 15 May
    await addSession(browser, file, '2024-05-15T08:00:00Z', { seconds: 45, pages: 1 });
    await addSession(browser, file, '2024-05-13T08:00:00Z', { seconds: 3599, pages: 12 });
    await addSession(browser, file, '2024-04-30T08:00:00Z', { seconds: 600, pages: 5 }); // last month
    const url = `${pathOf(ReadingPaths.activity, { userId: me.id })}?timeframe=month`;
    const res = await browser.get(url, inZone('Europe/Paris'));
    expect(res.statusCode, res.body).toBe(200);
    expect(ReadingActivitySchema.parse(res.json())).toEqual({
      timeZone: 'Europe/Paris',
      days: [
        { day: '2024-05-13', pagesRead: 12, minutes: 59, sessions: 1 },
        { day: '2024-05-15', pagesRead: 4, minutes: 2, sessions: 2 },
      ],
    });
    const utc = (await browser.get(pathOf(ReadingPaths.activity, { userId: me.id }))).json<{ days: object[] }>();
    expect(utc.days).toHaveLength(4); // everything, the first session on the 14th in UTC
  });
});

describe('GET achievements', () => {
  it('unlocks each achievement at the end of the session that crossed its threshold', async () => {
    clock = new Date('2024-01-09T12:00:00.000Z');
    const reader = await newReader();
    const { browser, me, files } = reader;
    const file = files[0]!;
    const none = await achievementsOf(browser, me.id);
    expect(none).toMatchObject({ currentStreak: 0, longestStreak: 0, totalDaysRead: 0 });
    expect(none.achievements.every((a) => a.unlockedAt === undefined && a.progress === 0)).toBe(true);

    // Posted out of order: what counts is the order in which they ended.
    await addSession(browser, file, '2024-01-03T10:00:00Z', { seconds: 21_600, pages: 10 }); // 6 h: 11 h in all
    await addSession(browser, file, '2024-01-07T20:00:00Z', { seconds: 2700, pages: 10 }); // the 7th's last
    await addSession(browser, file, '2024-01-01T10:00:00Z', { seconds: 14_400, pages: 60 });
    await addSession(browser, file, '2024-01-02T10:00:00Z', { seconds: 3600, pages: 50 }); // 110 pages
    for (const day of ['04', '05', '06', '07']) {
      await addSession(browser, file, `2024-01-${day}T10:00:00Z`, { seconds: 1800, pages: 10 });
    }
    await addSession(browser, file, '2024-01-09T08:00:00Z', { seconds: 1800, pages: 10 }); // after a gap
    expect(await achievementsOf(browser, me.id)).toMatchObject({ currentStreak: 1, longestStreak: 7 });
    // A later run of seven (read by the 17th: no session may end in the future) does not move the streak's date.
    await travel('2024-01-17T12:00:00.000Z', reader);
    for (let day = 11; day <= 17; day += 1) {
      await addSession(browser, file, `2024-01-${day}T10:00:00Z`, { seconds: 60, pages: 1 });
    }

    const result = await achievementsOf(browser, me.id);
    expect(result).toMatchObject({ currentStreak: 7, longestStreak: 7, totalDaysRead: 15 });
    const byId = new Map<string, Achievement>(result.achievements.map((a) => [a.id, a]));
    expect(byId.get('first-session')).toMatchObject({ progress: 1, target: 1, unlockedAt: '2024-01-01T14:00:00.000Z' });
    expect(byId.get('pages-100')).toMatchObject({ progress: 100, target: 100, unlockedAt: '2024-01-02T11:00:00.000Z' });
    expect(byId.get('hours-10')).toMatchObject({ progress: 36_000, unlockedAt: '2024-01-03T16:00:00.000Z' });
    expect(byId.get('streak-7')).toMatchObject({ progress: 7, target: 7, unlockedAt: '2024-01-07T20:45:00.000Z' });
    expect(byId.get('streak-30')).toMatchObject({ progress: 7, target: 30 });
    expect(byId.get('streak-30')!.unlockedAt).toBeUndefined();
    expect(byId.get('pages-1000')).toMatchObject({ progress: 187, target: 1000 });
    expect(byId.get('pages-1000')!.unlockedAt).toBeUndefined();
    expect(result.achievements.map((a) => a.id)).toEqual([
      'first-session',
      'streak-7',
      'streak-30',
      'pages-100',
      'pages-1000',
      'hours-10',
    ]);
  });
});

describe('honest pages read (issue 27)', () => {
  it('counts pages no faster than one per 5 s of the session, whatever the client posted', async () => {
    clock = new Date('2024-03-01T12:00:00.000Z');
    const { browser, me, files } = await newReader();
    // Pressing End in a 1,321-page PDF, then two minutes: an old client posts 1,320 pages.
    const jump = await addSession(browser, files[0]!, '2024-03-01T10:00:00Z', { seconds: 120, pages: 1320 });
    expect(jump).toMatchObject({ pagesRead: 24, timeSpent: 120 });
    // A day claimed for a minute's span counts a minute.
    const stretched = await addSession(browser, files[0]!, '2024-03-01T11:00:00Z', {
      seconds: 60,
      timeSpent: 86_400,
      pages: 3,
    });
    expect(stretched).toMatchObject({ pagesRead: 3, timeSpent: 60 });
    const stats = await statsOf(browser, me.id);
    expect(stats).toMatchObject({ totalPagesRead: 27, totalTimeSpent: 180 });
    expect(stats.averageReadingSpeed).toBeLessThanOrEqual(720);
    const bookworm = (await achievementsOf(browser, me.id)).achievements.find((a) => a.id === 'pages-1000')!;
    expect(bookworm).toMatchObject({ progress: 27 });
    expect(bookworm.unlockedAt).toBeUndefined();
  });

  it('keeps steady reading at a plausible pace as it was posted', async () => {
    clock = new Date('2024-03-02T12:00:00.000Z');
    const { browser, me, files } = await newReader();
    // An hour at a page a minute.
    await addSession(browser, files[0]!, '2024-03-02T09:00:00Z', { seconds: 3600, pages: 60 });
    expect(await statsOf(browser, me.id)).toMatchObject({ totalPagesRead: 60, averageReadingSpeed: 60 });
  });
});

describe('settings', () => {
  it('keeps the reader’s zone, as PostgreSQL spells it, and clears it with null', async () => {
    const { browser } = await newReader();
    expect((await browser.get(ReadingPaths.settings)).json()).toEqual({ timeZone: null });
    const set = await browser.request({
      method: 'PUT',
      url: ReadingPaths.settings,
      payload: { timeZone: 'europe/london' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/London' });
    expect((await browser.get(ReadingPaths.settings)).json()).toEqual({ timeZone: 'Europe/London' });
    await setZone(browser, null);
    expect((await browser.get(ReadingPaths.settings)).json()).toEqual({ timeZone: null });
  });

  it('refuses a zone it does not know with 400 naming timeZone', async () => {
    const { browser } = await newReader();
    for (const timeZone of ['Mars/Olympus', '', '+05:30', 'UTC+5', 42]) {
      const res = await browser.request({ method: 'PUT', url: ReadingPaths.settings, payload: { timeZone } });
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(issuePath(res)).toBe('body.timeZone');
    }
    expect((await browser.get(ReadingPaths.settings)).json()).toEqual({ timeZone: null });
  });
});
