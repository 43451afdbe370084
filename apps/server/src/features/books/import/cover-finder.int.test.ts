import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeBookServices, type FakeServer } from '@bookshelf/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/index.js';
import { createBookMetadata } from '../../../platform/book-metadata/book-metadata.js';
import type { JobContext } from '../../../platform/jobs/job-definition.js';
import { createDiskStore } from '../../../platform/storage/disk-store.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp } from '../../../test/browser.js';
import { quietLog } from '../../../test/jobs.js';
import { createBooksRepository } from '../books.repository.js';
import { createCoverFinder, FIND_COVERS_JOB } from './cover-finder.js';

/** The cover finder's runs: a few lookups each, then a new job carries on later, until every book is done. */
let t: TestApp;
let fake: FakeServer;
let blobs: string;

beforeAll(async () => {
  fake = await startFakeBookServices();
  t = await createTestApp({ startJobs: false });
  blobs = mkdtempSync(path.join(tmpdir(), 'bookshelf-covers-'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
  rmSync(blobs, { recursive: true, force: true });
});

it('hands its place back after a few lookups and a new run carries on where it stopped', async () => {
  const { browser, me } = await signUp(t.app);
  for (const [title, isbn] of [
    ['The Hunger Games', '9780439023481'],
    ['The Silent Patient', '9781250301697'],
    ['Fantastic Mr. Fox', '9780140328721'],
  ]) {
    expect((await browser.post('/api/books', { title, author: 'Someone', isbn })).statusCode).toBe(201);
  }
  const db = t.database.db;
  const metadata = createBookMetadata({
    db,
    storage: createDiskStore(blobs),
    config: { openLibraryBaseUrl: fake.url, openLibraryCoversBaseUrl: fake.url, googleBooksBaseUrl: fake.url },
    log: quietLog as never,
    now: () => new Date(),
  });
  const finder = createCoverFinder({ db, books: createBooksRepository(db), metadata, pauseMs: 0, lookupsPerRun: 1 });
  const progress: number[] = [];
  const context = {
    signal: new AbortController().signal,
    progress: async (p: { current: number }) => void progress.push(p.current),
  } as unknown as JobContext;
  const followUps = () =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, FIND_COVERS_JOB), eq(jobs.userId, me.id)));

  // Pages are 20 books: one page holds all three, so the first run asks for all three before it stops.
  expect(await finder.job.run({ userId: me.id }, context)).toMatchObject({ covered: 2, continued: true });
  const next = await followUps();
  expect(next).toHaveLength(1);
  expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());

  // The next run finds everything cached or covered: no lookup reaches the services, and it ends.
  const before = fake.requests.length;
  expect(await finder.job.run({ userId: me.id }, context)).toEqual({ looked: 1, covered: 0 });
  expect(fake.requests.length).toBe(before);
  expect(await followUps()).toHaveLength(1);
  const covers = (await browser.get('/api/books?limit=10')).json<{ items: { coverUrl: string | null }[] }>().items;
  expect(covers.filter((b) => b.coverUrl?.startsWith('/api/covers/'))).toHaveLength(2);
  await metadata.close();
});
