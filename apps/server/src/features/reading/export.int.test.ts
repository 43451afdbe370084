import { ReadingExportSchema, ReadingPaths } from '@bookshelf/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { addSession, inZone, issuePath, pathOf, readerWithFiles } from './reading-harness.js';

/** 23:30 UTC on 30 June: already 1 July in Tokyo. */
const clock = new Date('2024-06-30T23:30:00.000Z');
let t: TestApp;
let reader: Awaited<ReturnType<typeof readerWithFiles>>;

const NAMES = ['=HYPERLINK("http://evil.example","Click").pdf', '+Plain, "quoted"\nbook.pdf', '-2+3.pdf', 'Safe.pdf'];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, startJobs: false });
  reader = await readerWithFiles(t.app, t.database.db, NAMES);
  const [formula, quoted, minus, safe] = reader.files;
  await addSession(reader.browser, safe!, '2024-06-29T10:00:00Z', { seconds: 600, pages: 4 });
  await addSession(reader.browser, formula!, '2024-06-30T16:00:00Z', { seconds: 1200, pages: 8 }); // 1 July, Tokyo
  await addSession(reader.browser, quoted!, '2024-06-28T10:00:00Z', { seconds: 60, pages: 1 });
  await addSession(reader.browser, minus!, '2024-06-27T10:00:00Z', { seconds: 60, pages: 1 });
  await reader.browser.post(ReadingPaths.saveFileProgress, { fileId: safe, currentPage: 3, totalPages: 9 });
  await reader.browser.post(ReadingPaths.addBookmark, { fileId: safe, pageNumber: 3, note: 'here' });
  await reader.browser.post(ReadingPaths.createGoal, {
    type: 'pages',
    target: 10,
    startDate: '2024-06-01',
    endDate: '2024-06-30',
  });
});
afterAll(() => t.close());

const exportUrl = (query = '') => `${pathOf(ReadingPaths.export, { userId: reader.me.id })}${query}`;

describe('GET export', () => {
  it('downloads everything as JSON by default, named after today in the reader’s zone, never stored', async () => {
    const res = await reader.browser.get(exportUrl(), inZone('Asia/Tokyo'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="reading-progress-2024-07-01.json"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = ReadingExportSchema.parse(JSON.parse(res.body));
    expect(data).toMatchObject({
      exportedAt: clock.toISOString(),
      timeZone: 'Asia/Tokyo',
      stats: { sessionsCount: 4, totalPagesRead: 14, totalTimeSpent: 1920 },
      progress: [{ fileId: reader.files[3], currentPage: 3, totalPages: 9 }],
      bookmarks: [{ fileId: reader.files[3], pageNumber: 3, note: 'here' }],
      goals: [{ type: 'pages', target: 10, progress: 6 }], // in Tokyo the 8 pages were read on 1 July
      achievements: { totalDaysRead: 4 },
    });
    expect(data.sessions.map((s) => s.startTime)).toEqual([
      '2024-06-27T10:00:00.000Z',
      '2024-06-28T10:00:00.000Z',
      '2024-06-29T10:00:00.000Z',
      '2024-06-30T16:00:00.000Z',
    ]);
    const utc = await reader.browser.get(exportUrl('?format=json'));
    expect(utc.headers['content-disposition']).toBe('attachment; filename="reading-progress-2024-06-30.json"');
  });

  it('downloads the sessions as CSV: a header row, RFC 4180 quoting, and no cell a spreadsheet would run', async () => {
    const res = await reader.browser.get(exportUrl('?format=csv'), inZone('Asia/Tokyo'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="reading-progress-2024-07-01.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\uFEFFdate,startTime,endTime,fileId,fileName,pagesRead,timeSpent\r\n')).toBe(true);
    // A quoted field keeps its comma, doubled quotes and line break (and, starting with +, gets its apostrophe).
    expect(res.body).toContain('"\'+Plain, ""quoted""\nbook.pdf"');

    const parsed = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['date', 'startTime', 'endTime', 'fileId', 'fileName', 'pagesRead', 'timeSpent']);
    expect(rows).toEqual([
      ['2024-06-27', '2024-06-27T10:00:00.000Z', '2024-06-27T10:01:00.000Z', reader.files[2], "'-2+3.pdf", '1', '60'],
      [
        '2024-06-28',
        '2024-06-28T10:00:00.000Z',
        '2024-06-28T10:01:00.000Z',
        reader.files[1],
        `'${NAMES[1]}`,
        '1',
        '60',
      ],
      ['2024-06-29', '2024-06-29T10:00:00.000Z', '2024-06-29T10:10:00.000Z', reader.files[3], 'Safe.pdf', '4', '600'],
      [
        '2024-07-01',
        '2024-06-30T16:00:00.000Z',
        '2024-06-30T16:20:00.000Z',
        reader.files[0],
        `'${NAMES[0]}`,
        '8',
        '1200',
      ],
    ]);
    // Every cell a spreadsheet reads as a formula starts with the apostrophe instead.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('refuses an unknown format naming it', async () => {
    const res = await reader.browser.get(exportUrl('?format=xlsx'));
    expect(res.statusCode).toBe(400);
    expect(issuePath(res)).toBe('querystring.format');
  });
});
