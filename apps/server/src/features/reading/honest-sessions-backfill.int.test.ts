import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { honestSession } from '@bookshelf/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readerWithFiles } from './reading-harness.js';

/**
 * The hand-written backfill of issue 27's migration: sessions stored before the pages-read rule are made to
 * agree with it, exactly as the server stores a session posted now (the contract's honestSession).
 */
const MARKER = 'HAND-WRITTEN BACKFILL (issue 27';
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const backfill = () => {
  const file = readdirSync(migrations).find(
    (name) => name.endsWith('.sql') && readFileSync(path.join(migrations, name), 'utf8').includes(MARKER),
  );
  if (!file) throw new Error('The issue 27 backfill is in no migration');
  const text = readFileSync(path.join(migrations, file), 'utf8');
  return text
    .slice(text.lastIndexOf('\n', text.indexOf(MARKER)))
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

describe('migration backfill of stored sessions (issue 27)', () => {
  it('caps old sessions as a new post would be capped, and leaves honest ones alone', async () => {
    const { me, files } = await readerWithFiles(t.app, t.database.db);
    const start = Date.parse('2024-01-01T10:00:00.000Z');
    const old = [
      { seconds: 120, timeSpent: 120, pagesRead: 1320 }, // the End jump
      { seconds: 60, timeSpent: 86_400, pagesRead: 3 }, // a day claimed for a minute
      { seconds: 3600, timeSpent: 3600, pagesRead: 60 }, // steady reading
      { seconds: 0, timeSpent: 0, pagesRead: 2 },
    ].map((s, i) => ({
      userId: me.id,
      fileId: files[0]!,
      startTime: new Date(start + i * 86_400_000),
      endTime: new Date(start + i * 86_400_000 + s.seconds * 1000),
      pagesRead: s.pagesRead,
      timeSpent: s.timeSpent,
    }));
    await t.database.db.insert(readingSessions).values(old);
    for (const statement of backfill()) await t.database.db.execute(sql.raw(statement));
    const rows = await t.database.db
      .select()
      .from(readingSessions)
      .where(eq(readingSessions.userId, me.id))
      .orderBy(readingSessions.startTime);
    expect(rows.map((r) => ({ pagesRead: r.pagesRead, timeSpent: r.timeSpent }))).toEqual(
      old.map((s) =>
        honestSession({
          startTime: s.startTime.toISOString(),
          endTime: s.endTime.toISOString(),
          pagesRead: s.pagesRead,
          timeSpent: s.timeSpent,
        }),
      ),
    );
    expect(rows.map((r) => r.pagesRead)).toEqual([24, 3, 60, 0]);
  });
});
