import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activities, jobs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp } from '../../test/browser.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
});
afterAll(() => t.close());

it('records each book event once, even when its delivery runs again', async () => {
  const { browser, me } = await signUp(t.app);
  const res = await browser.post('/api/books', { title: 'Dune', author: 'Frank Herbert', status: 'reading' });
  expect(res.statusCode).toBe(201);
  // The answer does not wait for the subscriber: nothing recorded until the runner delivers.
  expect(await t.database.db.select().from(activities).where(eq(activities.userId, me.id))).toEqual([]);
  await t.app.jobs.drain();
  const once = await t.database.db.select().from(activities).where(eq(activities.userId, me.id));
  expect(once.map((a) => a.type)).toEqual(['book_started']);

  // Deliver every event again, as after a crash between the subscriber's write and the job's completion.
  await t.database.db.update(jobs).set({ state: 'queued' }).where(eq(jobs.kind, 'outbox.deliver'));
  await t.app.jobs.drain();
  const again = await t.database.db.select().from(activities).where(eq(activities.userId, me.id));
  expect(again.map((a) => a.id)).toEqual(once.map((a) => a.id));
});
