import type { Job } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createJobsRepository } from '../../platform/jobs/job-store.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp } from '../../test/browser.js';
import { SAMPLE_BOOKS } from './sample-books.js';

let t: TestApp;
const changes: Array<{ userId: string; job: Job }> = [];
beforeAll(async () => {
  t = await createTestApp({ startJobs: false, onJobChange: (userId, job) => changes.push({ userId, job }) });
});
afterAll(() => t.close());

it('answers 202 with the job, which adds the sample books in batches reporting progress', async () => {
  const { browser, me } = await signUp(t.app);
  const res = await browser.post('/api/demo/load');
  expect(res.statusCode).toBe(202);
  const job = res.json<Job>();
  expect(job).toMatchObject({ kind: 'books.load-sample', state: 'queued' });
  expect((await browser.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ id: job.id, state: 'queued' });

  await t.app.jobs.drain();
  const seen = changes.filter((c) => c.userId === me.id).map((c) => [c.job.state, c.job.progress.current]);
  expect(seen).toEqual([
    ['running', 0],
    ['running', 5],
    ['running', 10],
    ['running', 15],
    ['running', 20],
    ['running', 23],
    ['succeeded', 23],
  ]);
  expect(changes.at(-1)!.job.progress).toEqual({
    current: 23,
    total: SAMPLE_BOOKS.length,
    phase: 'Adding sample books',
  });
  expect((await browser.get('/api/books')).json().total).toBe(SAMPLE_BOOKS.length);
});

it('never adds a book twice when the job runs again', async () => {
  const { browser } = await signUp(t.app);
  const job = (await browser.post('/api/demo/load')).json<Job>();
  await t.app.jobs.drain();
  // As if the process died after the last batch but before the job was marked done.
  await t.database.db.update(jobs).set({ state: 'queued' }).where(eq(jobs.id, job.id));
  await t.app.jobs.drain();
  expect((await browser.get('/api/books')).json().total).toBe(SAMPLE_BOOKS.length);
  expect((await browser.post('/api/demo/load')).statusCode).toBe(409);
});

it('shows a job only to its owner, cancels a waiting one, and runs a cancelled load when asked again', async () => {
  const owner = await signUp(t.app);
  const other = await signUp(t.app);
  const job = (await owner.browser.post('/api/demo/load')).json<Job>();
  expect((await other.browser.get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
  expect((await other.browser.delete(`/api/jobs/${job.id}`)).statusCode).toBe(404);
  // Another reader's cancel changed nothing.
  expect((await owner.browser.get(`/api/jobs/${job.id}`)).json()).toMatchObject({ state: 'queued' });
  const malformed = await owner.browser.get('/api/jobs/not-a-uuid');
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json().error.message).toMatch(/^Invalid params\.id/);
  const cancelled = await owner.browser.delete(`/api/jobs/${job.id}`);
  expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
  await t.app.jobs.drain();
  expect((await owner.browser.get('/api/books')).json().total).toBe(0);
  // Asked again, the cancelled load runs after all.
  const again = await owner.browser.post('/api/demo/load');
  expect(again.statusCode).toBe(202);
  expect(again.json()).toMatchObject({ id: job.id, state: 'queued' });
  await t.app.jobs.drain();
  expect((await owner.browser.get('/api/books')).json().total).toBe(SAMPLE_BOOKS.length);
});

it('runs a cancelled load whose job was purged when asked again', async () => {
  const { browser } = await signUp(t.app);
  const job = (await browser.post('/api/demo/load')).json<Job>();
  expect((await browser.delete(`/api/jobs/${job.id}`)).json()).toMatchObject({ state: 'cancelled' });
  await createJobsRepository(t.database.db).purgeFinishedBefore(new Date(Date.now() + 60_000));
  const again = await browser.post('/api/demo/load');
  expect(again.statusCode).toBe(202);
  expect(again.json<Job>().id).not.toBe(job.id);
  await t.app.jobs.drain();
  expect((await browser.get('/api/books')).json().total).toBe(SAMPLE_BOOKS.length);
  expect((await browser.post('/api/demo/load')).statusCode).toBe(409);
});
