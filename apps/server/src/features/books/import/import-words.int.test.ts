import { type BookList, type ImportPreview, type ImportStatus } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { GOODREADS_COLUMNS } from '@bookshelf/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.js';
import { createDiskStore } from '../../../platform/storage/disk-store.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { withSearchText } from '../book-mapper.js';
import { countPendingWordsSql, createBooksInsert } from '../books-bulk-insert.js';
import type { BookValues } from '../books.repository.js';

/**
 * An import's words are counted once, after its books are in (decision 067): the vocabulary it leaves is the
 * one the books themselves give, edits and deletes of books still pending included, and the typo search finds
 * an imported book's words.
 */
let t: TestApp;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-import-words-'));
  t = await createTestApp({ startJobs: false, storage: createDiskStore(blobDir) });
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

type Count = { value: string; n: number };
/** The vocabulary as kept (book_facet_counts), and as the user's live books give it now, counted afresh. */
async function vocabulary(userId: string) {
  const { db } = t.database;
  const kept = rowsOf<Count>(
    await db.execute(sql`select value, n from book_facet_counts
      where user_id = ${userId} and facet = 'word' and n <> 0 order by value`),
  );
  const recounted = rowsOf<Count>(
    await db.execute(sql`select f.value, count(*)::int as n from books b
      cross join lateral bookshelf_book_facets(b.status, b.format, b.genre, b.account_id, b.tags, b.search_text) f
      where b.user_id = ${userId} and b.deleted_at is null and f.facet = 'word' group by f.value order by f.value`),
  );
  const pending = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from book_words_pending where user_id = ${userId}`),
  )[0]!.n;
  return {
    kept: kept.map((r) => [r.value, Number(r.n)]),
    recounted: recounted.map((r) => [r.value, Number(r.n)]),
    pending,
  };
}

const row = (cells: Partial<Record<(typeof GOODREADS_COLUMNS)[number], string>>) =>
  GOODREADS_COLUMNS.map((column) => `"${(cells[column] ?? '').replaceAll('"', '""')}"`).join(',');

async function importFile(browser: Browser, lines: string[]) {
  const text = [GOODREADS_COLUMNS.join(','), ...lines].join('\r\n');
  const made = await browser.post('/api/imports', { text, filename: 'goodreads_library_export.csv' });
  expect(made.statusCode).toBe(201);
  const { id } = made.json<ImportPreview>();
  expect((await browser.post(`/api/imports/${id}/start`, { duplicates: 'skip' })).statusCode).toBe(202);
  await t.app.jobs.drain();
  return (await browser.get(`/api/imports/${id}`)).json<ImportStatus>();
}

describe('an import’s vocabulary', () => {
  it('is counted once the books are in, and matches the books exactly', async () => {
    const { browser, me } = await signUp(t.app);
    expect((await browser.post('/api/books', { title: 'Kestrel Harbour', author: 'Ann Quill' })).statusCode).toBe(201);
    const lines = Array.from({ length: 120 }, (_, i) =>
      row({
        Title: `Lantern ${i % 7 ? 'Harbour' : 'Meridian'} volume${i}`,
        Author: `Ann Quill`,
        'Exclusive Shelf': 'to-read',
      }),
    );
    const status = await importFile(browser, lines);
    expect(status.state).toBe('done');
    expect(status.summary.added).toBe(120);
    const words = await vocabulary(me.id);
    expect(words.pending).toBe(0);
    expect(words.kept).toEqual(words.recounted);
    expect(words.kept).toContainEqual(['harbour', 1 + 120 - Math.ceil(120 / 7)]);
    expect(words.kept).toContainEqual(['quill', 121]);
    // The typo search reads that vocabulary: a misspelt imported word finds its books.
    const found = (await browser.get('/api/books?q=meridain&limit=50')).json<BookList>();
    expect(found.items.length).toBe(Math.ceil(120 / 7));
  });

  it('stays exact when pending books are edited or deleted before their words are counted', async () => {
    const { browser, me } = await signUp(t.app);
    const insert = createBooksInsert(me.id);
    const ids = ['Orchid Compass', 'Orchid Lantern', 'Salt Compass'].map((title) => {
      const id = randomUUID();
      insert.add(
        id,
        withSearchText({ title, author: 'Bo Reed', tags: [] }, undefined) as BookValues,
      );
      return id;
    });
    await t.database.db.execute(
      sql`with added as (${insert.sql(sql`true`)}), pending as (${insert.pendingSql(sql`true`)}) select 1`,
    );
    let words = await vocabulary(me.id);
    expect(words.pending).toBe(3);
    expect(words.kept.filter(([w]) => w === 'orchid' || w === 'compass')).toEqual([]);
    // While pending: one renamed, one deleted. Neither may take away words that were never counted.
    expect((await browser.patch(`/api/books/${ids[0]}`, { title: 'Thistle Compass' })).statusCode).toBe(200);
    expect((await browser.delete(`/api/books/${ids[1]}`)).statusCode).toBe(204);
    const counted = rowsOf<{ n: number }>(await t.database.db.execute(countPendingWordsSql(me.id, 2)));
    expect(Number(counted[0]!.n)).toBe(2);
    rowsOf(await t.database.db.execute(countPendingWordsSql(me.id, 2)));
    words = await vocabulary(me.id);
    expect(words.pending).toBe(0);
    expect(words.kept).toEqual(words.recounted);
    expect(words.kept).toContainEqual(['compass', 2]);
    expect(words.kept.find(([w]) => w === 'orchid')).toBeUndefined();
    // Once counted, an edit moves the words as it always did.
    expect((await browser.patch(`/api/books/${ids[2]}`, { title: 'Salt Marsh' })).statusCode).toBe(200);
    words = await vocabulary(me.id);
    expect(words.kept).toEqual(words.recounted);
  });
});
