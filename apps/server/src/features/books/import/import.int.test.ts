import {
  ImportMessages,
  type Book,
  type BookList,
  type ImportPreview,
  type ImportStatus,
  type LiveEvent,
} from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GOODREADS_COLUMNS } from '@bookshelf/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { createDiskStore } from '../../../platform/storage/disk-store.js';
import { imports, jobs } from '../../../db/schema/index.js';
import { enqueueJob } from '../../../platform/jobs/job-store.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { SAMPLE_BOOKS } from '../sample-books.js';
import { IMPORT_BATCH_TARGET, IMPORT_JOB } from './import.service.js';

/**
 * Bulk import through the API: a preview that writes nothing, a job that adds the books in batches (the
 * progress pushed live), duplicates skipped or merged, a second import of the same file adding nothing, bad
 * files refused with a clear 400, and another reader's import invisible.
 */
let t: TestApp;
const live: Array<{ userId: string; event: LiveEvent }> = [];

let storage: BlobStore;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-import-test-'));
  storage = createDiskStore(blobDir);
  t = await createTestApp({ startJobs: false, storage });
  const publish = t.app.live.publish.bind(t.app.live);
  t.app.live.publish = async (userId, event, tx) => {
    live.push({ userId, event });
    return publish(userId, event, tx);
  };
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const HEADER = GOODREADS_COLUMNS.join(',');
const GOODREADS = [
  `\uFEFF${HEADER}`,
  '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,"=""0439023483""","=""9780439023481""",5,4.32,Scholastic Press,Hardcover,374,2008,2008,2019/05/03,2019/04/20,"dystopia, read",,read,"Loved it.<br/>Second line, with a comma.",,,1,1',
  '5907,The Hobbit,J.R.R. Tolkien,"Tolkien, J.R.R.",,"=""""","=""""",0,4.28,Houghton Mifflin,Paperback,366,2002,1937,,2020/01/02,to-read,,to-read,,,,0,0',
  '1,,Nobody,"Nobody, A",,"=""""","=""""",0,0,,,,,,,2020/01/02,,,read,,,,1,0',
  '4671,The Great Gatsby,F. Scott Fitzgerald,"Fitzgerald, F. Scott",,"=""0743273567""","=""9780743273565""",4,3.93,Scribner,Paperback,180,2004,1925,,2021/03/04,currently-reading,,currently-reading,"A review\nover two lines",,,0,1',
].join('\r\n');

/** One Goodreads export line: the named columns filled, the others empty. */
const goodreadsRow = (cells: Partial<Record<(typeof GOODREADS_COLUMNS)[number], string>>) =>
  GOODREADS_COLUMNS.map((column) => `"${(cells[column] ?? '').replaceAll('"', '""')}"`).join(',');

async function readerWithLibrary(): Promise<Browser> {
  return (await signUp(t.app)).browser;
}
const preview = (browser: Browser, text = GOODREADS, filename = 'goodreads_library_export.csv') =>
  browser.post('/api/imports', { text, filename });
async function runImport(browser: Browser, text = GOODREADS, duplicates: 'skip' | 'merge' = 'skip') {
  const made = await preview(browser, text);
  expect(made.statusCode).toBe(201);
  const { id } = made.json<ImportPreview>();
  const started = await browser.post(`/api/imports/${id}/start`, { duplicates });
  expect(started.statusCode).toBe(202);
  await t.app.jobs.drain();
  return (await browser.get(`/api/imports/${id}`)).json<ImportStatus>();
}
const booksOf = async (browser: Browser) =>
  (await browser.get('/api/books?limit=200&sort=title&order=asc')).json<BookList>().items;

describe('POST /api/imports (preview)', () => {
  it('detects the format and counts what would happen, writing no book', async () => {
    const reader = await readerWithLibrary();
    const res = await preview(reader);
    expect(res.statusCode).toBe(201);
    const body = res.json<ImportPreview>();
    expect(body).toMatchObject({
      format: 'goodreads',
      formatLabel: 'Goodreads library export',
      total: 4,
      toAdd: 3,
      duplicates: 0,
      errorCount: 1,
      // The spreadsheet's row number (issue 27): the header is row 1, the book without a title row 4.
      errors: [{ row: 4, message: expect.stringContaining('Title') }],
    });
    expect(body.sample.map((s) => [s.title, s.status])).toEqual([
      ['The Hunger Games (The Hunger Games, #1)', 'read'],
      ['The Hobbit', 'wishlist'],
      ['The Great Gatsby', 'reading'],
    ]);
    expect(await booksOf(reader)).toHaveLength(0);
    const status = (await reader.get(`/api/imports/${body.id}`)).json<ImportStatus>();
    expect(status).toMatchObject({ state: 'preview', progress: { current: 0, total: 4 } });
  });

  it('takes a multipart upload too', async () => {
    const reader = await readerWithLibrary();
    const boundary = '----bookshelf';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="library.csv"',
      'Content-Type: text/csv',
      '',
      'title,AUTHOR,Extra\r\nDune,"Herbert, Frank",x',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await reader.request({
      method: 'POST',
      url: '/api/imports',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ImportPreview>()).toMatchObject({
      filename: 'library.csv',
      format: 'generic-csv',
      total: 1,
      sample: [{ title: 'Dune', author: 'Frank Herbert' }],
    });
  });

  it('refuses a binary file, a file with no recognisable columns and a missing file with a 400 naming the field', async () => {
    const reader = await readerWithLibrary();
    const binary = await reader.request({
      method: 'POST',
      url: '/api/imports',
      payload: [
        '--b',
        'Content-Disposition: form-data; name="file"; filename="photo.jpg"',
        'Content-Type: image/jpeg',
        '',
        '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01',
        '--b--',
        '',
      ].join('\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    const columns = await preview(reader, 'Name of thing,Price\nA lamp,12\n', 'prices.csv');
    expect(columns.statusCode).toBe(400);
    expect(columns.json()).toMatchObject({ error: { message: expect.stringContaining('Title') } });

    const missing = await reader.post('/api/imports', { filename: 'x.csv' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { issues: [{ path: 'body.text' }] } });
    expect((await reader.get('/api/imports')).json<{ items: unknown[] }>().items).toHaveLength(0);
  });
});

describe('running an import', () => {
  it('adds the valid rows with their fields, reports progress live and a summary with the failures', async () => {
    const { browser: reader, me } = await signUp(t.app);
    const status = await runImport(reader);
    expect(status).toMatchObject({
      state: 'done',
      duplicates: 'skip',
      progress: { current: 4, total: 4 },
      summary: { added: 3, merged: 0, skipped: 0, failed: 1 },
      failures: [{ row: 4 }],
    });
    const books = await booksOf(reader);
    expect(books.map((b) => b.title)).toEqual([
      'The Great Gatsby',
      'The Hobbit',
      'The Hunger Games (The Hunger Games, #1)',
    ]);
    const hunger = books.find((b) => b.title.startsWith('The Hunger'))!;
    expect(hunger).toMatchObject<Partial<Book>>({
      author: 'Suzanne Collins',
      isbn: '9780439023481',
      rating: 5,
      status: 'read',
      publisher: 'Scholastic Press',
      bindingType: 'hardcover',
      pages: 374,
      publishedYear: 2008,
      review: 'Loved it.\nSecond line, with a comma.',
      tags: ['dystopia'],
    });
    expect(hunger.dateRead?.slice(0, 10)).toBe('2019-05-03');
    expect(hunger.dateAdded.slice(0, 10)).toBe('2019-04-20');
    const hobbit = books.find((b) => b.title === 'The Hobbit')!;
    expect(hobbit).toMatchObject({ status: 'wishlist', rating: null, isbn: null, publishedYear: 2002 });
    expect(books.find((b) => b.title === 'The Great Gatsby')).toMatchObject({ status: 'reading' });

    const pushed = live.filter((l) => l.userId === me.id && l.event.type === 'import.updated');
    expect(pushed.map((l) => (l.event as { import: ImportStatus }).import.state)).toEqual([
      'running',
      'running',
      'done',
    ]);
    const failures = await reader.get(`/api/imports/${status.id}/failures.csv`);
    expect(failures.headers['content-type']).toContain('text/csv');
    expect(failures.body).toContain('Row,Problem');
    expect(failures.body).toMatch(/4,.*Title/);
  });

  it('adds nothing the second time the same file is imported, and merge fills only empty fields', async () => {
    const reader = await readerWithLibrary();
    await runImport(reader);
    const again = await preview(reader);
    expect(again.json<ImportPreview>()).toMatchObject({ toAdd: 0, duplicates: 3, errorCount: 1 });
    const skipped = await runImport(reader);
    expect(skipped.summary).toEqual({ added: 0, merged: 0, skipped: 3, failed: 1 });

    // A library copy missing its pages and publisher, typed differently: merged by title and author.
    const gatsby = (await booksOf(reader)).find((b) => b.title === 'The Great Gatsby')!;
    expect(
      (await reader.patch(`/api/books/${gatsby.id}`, { pages: null, publisher: null, notes: 'mine' })).statusCode,
    ).toBe(200);
    // Only the copy a merge changes is counted merged; the two it leaves as they are, skipped (issue 27).
    expect((await preview(reader)).json<ImportPreview>()).toMatchObject({ duplicates: 3, toMerge: 1 });
    const merged = await runImport(reader, GOODREADS, 'merge');
    expect(merged.summary).toEqual({ added: 0, merged: 1, skipped: 2, failed: 1 });
    const after = (await booksOf(reader)).find((b) => b.id === gatsby.id)!;
    expect(after).toMatchObject({ pages: 180, publisher: 'Scribner', notes: 'mine', status: 'reading' });
    expect(await booksOf(reader)).toHaveLength(3);
  });

  it('merges by default, taking the file’s shelf, date read, dates, rating and review where the library has only defaults (issue 27)', async () => {
    const reader = await readerWithLibrary();
    // Added by ISBN lookup: owned, no date read, no rating, added today.
    const made = await reader.post('/api/books', {
      title: 'Lord of the Flies',
      author: 'William Golding',
      isbn: '9780399501487',
    });
    expect(made.statusCode, made.body).toBe(201);
    const reading = await reader.post('/api/books', { title: 'Dune', author: 'Frank Herbert', status: 'reading' });
    expect(reading.statusCode, reading.body).toBe(201);
    const file = [
      HEADER,
      goodreadsRow({
        Title: 'Lord of the Flies',
        Author: 'William Golding',
        ISBN13: '="9780399501487"',
        'My Rating': '4',
        'Year Published': '1999',
        'Original Publication Year': '1954',
        'Date Read': '2020/06/01',
        'Date Added': '2019/01/05',
        Bookshelves: 'classics, read',
        'Exclusive Shelf': 'read',
        'My Review': 'Grim, and true.',
      }),
      // Already being read in the library: a reading state the reader chose stays.
      goodreadsRow({ Title: 'Dune', Author: 'Frank Herbert', 'Exclusive Shelf': 'read', 'Date Read': '2021/02/02' }),
    ].join('\r\n');

    const shown = (await preview(reader, file)).json<ImportPreview>();
    // Dune's reading state is the reader's own, not a default: nothing of it changes.
    expect(shown).toMatchObject({ toAdd: 0, duplicates: 2, toMerge: 1 });
    const started = await reader.post(`/api/imports/${shown.id}/start`, {});
    expect(started.statusCode, started.body).toBe(202);
    await t.app.jobs.drain();
    const status = (await reader.get(`/api/imports/${shown.id}`)).json<ImportStatus>();
    expect(status).toMatchObject({ duplicates: 'merge', summary: { added: 0, merged: 1, skipped: 1, failed: 0 } });

    const books = await booksOf(reader);
    expect(books.find((b) => b.id === made.json<Book>().id)).toMatchObject({
      status: 'read',
      dateRead: '2020-06-01T00:00:00.000Z',
      dateAdded: '2019-01-05T00:00:00.000Z',
      rating: 4,
      review: 'Grim, and true.',
      publishedYear: 1999,
      originalPublishedYear: 1954,
      tags: ['classics'],
    });
    expect(books.find((b) => b.id === reading.json<Book>().id)).toMatchObject({ status: 'reading', dateRead: null });

    // The same file again changes nothing, and says so before it starts.
    expect((await preview(reader, file)).json<ImportPreview>()).toMatchObject({ duplicates: 2, toMerge: 0 });
    expect((await runImport(reader, file, 'merge')).summary).toEqual({ added: 0, merged: 0, skipped: 2, failed: 0 });
  });

  it('adds a book listed twice in one file once', async () => {
    const reader = await readerWithLibrary();
    const status = await runImport(reader, 'Title,Author\nDune,Frank Herbert\ndune ,frank herbert\n');
    expect(status.summary).toEqual({ added: 1, merged: 0, skipped: 1, failed: 0 });
  });

  it('carries on after the last batch written when its job runs again, adding nothing twice', async () => {
    const { browser: reader, me } = await signUp(t.app);
    // Batches follow time, so a crash may leave any count: here, after the first batch's rows.
    const batch = IMPORT_BATCH_TARGET[t.database.kind].first;
    const rows = Array.from({ length: batch * 2 + 5 }, (_, i) => `Book ${i},Author ${i % 7}`);
    const text = ['Title,Author', ...rows].join('\n');
    const status = await runImport(reader, text);
    expect(status.summary.added).toBe(rows.length);
    // A finished import's file is removed; a crashed one's would still be there.
    const key = `imports/${me.id}/${status.id}`;
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Readable.from([Buffer.from(text)]));
    // As after a crash between two batches: the import says one batch is done, and its job runs again.
    await t.database.db.update(imports).set({ state: 'running', done: batch }).where(eq(imports.id, status.id));
    await enqueueJob(t.database.db, IMPORT_JOB, { importId: status.id }, { dedupeKey: `again:${status.id}` });
    await t.app.jobs.drain();
    const again = (await reader.get(`/api/imports/${status.id}`)).json<ImportStatus>();
    expect(again.state).toBe('done');
    expect((await reader.get('/api/books?limit=1')).json<BookList>().total).toBe(rows.length);
  });

  it('can be cancelled, keeping what was added, and one whose job died is failed, not running for ever', async () => {
    const reader = await readerWithLibrary();
    const { id } = (await preview(reader)).json<ImportPreview>();
    expect((await reader.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(202);
    const other = await readerWithLibrary();
    expect((await other.post(`/api/imports/${id}/cancel`)).statusCode).toBe(404);
    const cancelled = await reader.post(`/api/imports/${id}/cancel`);
    expect(cancelled.statusCode).toBe(202);
    expect(cancelled.json<ImportStatus>()).toMatchObject({ state: 'failed', error: ImportMessages.cancelled });
    await t.app.jobs.drain();
    expect(await booksOf(reader)).toHaveLength(0);
    expect((await reader.post(`/api/imports/${id}/cancel`)).statusCode).toBe(409);

    const second = (await preview(reader)).json<ImportPreview>();
    expect((await reader.post(`/api/imports/${second.id}/start`, { duplicates: 'skip' })).statusCode).toBe(202);
    await t.database.db
      .update(jobs)
      .set({ state: 'dead' })
      .where(eq(jobs.dedupeKey, `import:${second.id}`));
    const listed = (await reader.get('/api/imports')).json<{ items: ImportStatus[] }>().items;
    expect(listed.find((i) => i.id === second.id)).toMatchObject({ state: 'failed', error: ImportMessages.stopped });
  });

  it('is started once, and another reader sees none of it', async () => {
    const reader = await readerWithLibrary();
    const other = await readerWithLibrary();
    const { id } = (await preview(reader)).json<ImportPreview>();
    expect((await other.get(`/api/imports/${id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(404);
    expect((await other.get(`/api/imports/${id}/failures.csv`)).statusCode).toBe(404);
    expect((await reader.post(`/api/imports/${id}/start`, { duplicates: 'maybe' })).statusCode).toBe(400);
    expect((await reader.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(202);
    expect((await reader.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(409);
    await t.app.jobs.drain();
    expect((await other.get('/api/imports')).json<{ items: unknown[] }>().items).toHaveLength(0);
    expect((await reader.get('/api/imports')).json<{ items: ImportStatus[] }>().items[0]).toMatchObject({
      id,
      state: 'done',
    });
  });
});

describe('export, then import into another library', () => {
  const comparable = (book: Book, fields: readonly (keyof Book)[]) =>
    Object.fromEntries(
      fields.map((f) => [f, f === 'dateRead' || f === 'dateAdded' ? (book[f]?.slice(0, 10) ?? null) : book[f]]),
    );
  const sorted = (books: Book[]) => [...books].sort((a, b) => a.title.localeCompare(b.title));

  async function exporter() {
    const from = await readerWithLibrary();
    for (const sample of SAMPLE_BOOKS) expect((await from.post('/api/books', sample)).statusCode).toBe(201);
    // A lent book, and text that CSV must quote.
    const lent = { title: 'Quotes, "commas"\nand lines', author: 'Zoë Ö', status: 'lent', tags: ['a, b', 'c'] };
    expect((await from.post('/api/books', lent)).statusCode).toBe(201);
    // A 1999 printing of a 1954 novel: both years travel (issue 27).
    const flies = {
      title: 'Lord of the Flies',
      author: 'William Golding',
      publishedYear: 1999,
      originalPublishedYear: 1954,
    };
    expect((await from.post('/api/books', flies)).statusCode).toBe(201);
    return from;
  }

  /** Exports one reader's library, imports it into a new one, and compares the two on `fields`. */
  async function roundTrip(format: 'csv' | 'json', fields: readonly (keyof Book)[]) {
    const from = await exporter();
    const res = await from.get(`/api/books/export?format=${format}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="bookshelf-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    const to = await readerWithLibrary();
    const made = (await preview(to, res.body, `bookshelf.${format}`)).json<ImportPreview>();
    expect(made.format).toBe(`bookshelf-${format}`);
    const status = await runImport(to, res.body);
    expect(status.summary).toMatchObject({ added: SAMPLE_BOOKS.length + 2, failed: 0 });
    const mine = sorted(await booksOf(from)).map((b) => comparable(b, fields));
    const theirs = sorted(await booksOf(to)).map((b) => comparable(b, fields));
    expect(theirs).toEqual(mine);
  }

  /** What the CSV carries: the Goodreads columns and ours. */
  const CSV_FIELDS = [
    'title',
    'author',
    'isbn',
    'format',
    'bindingType',
    'genre',
    'publishedYear',
    'originalPublishedYear',
    'publisher',
    'pages',
    'rating',
    'status',
    'dateRead',
    'dateAdded',
    'tags',
    'notes',
    'review',
    'purchaseInfo',
    'specialEdition',
    'currentValue',
  ] as const;

  it('gives back every field through JSON', () =>
    roundTrip('json', [...CSV_FIELDS, 'coverUrl', 'images', 'priceHistory']));

  it('gives back what the Goodreads columns carry through CSV', () => roundTrip('csv', CSV_FIELDS));

  it('writes only Goodreads’ three exclusive shelves; a Goodreads import of the file gives statuses and years back', async () => {
    const from = await exporter();
    const csv = (await from.get('/api/books/export?format=csv')).body;
    const table = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(new Set(table.data.map((r) => r['Exclusive Shelf']))).toEqual(
      new Set(['to-read', 'currently-reading', 'read']),
    );
    // Goodreads' own columns only, as Goodreads would export the file again after importing it.
    const goodreadsOnly = Papa.unparse(
      table.data.map((r) => Object.fromEntries(GOODREADS_COLUMNS.map((c) => [c, r[c] ?? '']))),
    );
    const to = await readerWithLibrary();
    expect((await preview(to, goodreadsOnly)).json<ImportPreview>().format).toBe('goodreads');
    await runImport(to, goodreadsOnly);
    const mine = sorted(await booksOf(from)).map((b) =>
      comparable(b, ['title', 'status', 'publishedYear', 'originalPublishedYear']),
    );
    const theirs = sorted(await booksOf(to)).map((b) =>
      comparable(b, ['title', 'status', 'publishedYear', 'originalPublishedYear']),
    );
    expect(theirs).toEqual(mine);
    expect(theirs).toContainEqual({
      title: 'Lord of the Flies',
      status: 'owned',
      publishedYear: 1999,
      originalPublishedYear: 1954,
    });
  });

  it('refuses an unknown export format with a 400 naming it', async () => {
    const reader = await readerWithLibrary();
    const res = await reader.get('/api/books/export?format=xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { issues: [{ path: 'querystring.format' }] } });
  });
});
