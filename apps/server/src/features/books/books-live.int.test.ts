import type { AddressInfo } from 'node:net';
import type { Job } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp, type Browser } from '../../test/browser.js';
import { openSse, type SseClient } from '../../test/sse-client.js';

/**
 * A change to a library reaches its owner's other open pages as a books.changed live event, sent at the
 * commit of the change; a refused change sends nothing, and nobody else hears of it. The sample library's
 * job pushes its progress the same way, as job.updated events, until it has finished.
 */
let t: TestApp;
let url: string;

const cookieOf = (browser: Browser) => ({
  cookie: [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
});
const book = { title: 'Dune', author: 'Frank Herbert' };

async function streamOf(browser: Browser): Promise<SseClient> {
  const stream = await openSse(url, cookieOf(browser));
  expect(stream.status).toBe(200);
  await stream.next((f) => f.id !== undefined); // the starting position
  return stream;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`;
});
afterAll(() => t.close());

describe('books.changed', () => {
  it('reaches the owner’s open stream after each change, and no one else’s', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await streamOf(owner.browser);
    const theirs = await streamOf(other.browser);

    const created = await owner.browser.post('/api/books', book);
    expect(created.statusCode).toBe(201);
    expect(await mine.next()).toMatchObject({ event: 'books.changed' });

    const id = created.json<{ id: string }>().id;
    expect((await owner.browser.patch(`/api/books/${id}`, { status: 'read' })).statusCode).toBe(200);
    expect(await mine.next()).toMatchObject({ event: 'books.changed' });

    // Refused before anything changes: no event.
    expect((await owner.browser.post('/api/books', { title: '' })).statusCode).toBe(400);
    expect((await owner.browser.patch(`/api/books/${id}`, { rating: 9 })).statusCode).toBe(400);
    await expect(mine.next(undefined, 500)).rejects.toThrow('no matching frame in time');

    expect(theirs.events()).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe('job.updated', () => {
  it('brings the sample library job’s progress to its owner’s stream until it has succeeded', async () => {
    const { browser } = await signUp(t.app);
    const stream = await streamOf(browser);
    const started = await browser.post('/api/demo/load');
    expect(started.statusCode).toBe(202);
    const jobId = started.json<Job>().id;

    const seen: Job[] = [];
    while (seen.at(-1)?.state !== 'succeeded') {
      const frame = await stream.next((f) => f.event === 'job.updated');
      seen.push((JSON.parse(frame.data!) as { job: Job }).job);
    }
    expect(new Set(seen.map((job) => job.id))).toEqual(new Set([jobId]));
    const counts = seen.map((job) => job.progress.current);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.filter((job) => job.state === 'running' && job.progress.current > 0).length).toBeGreaterThan(1);
    expect(seen.at(-1)).toMatchObject({ result: { added: 23 }, progress: { current: 23, total: 23 } });
    // Each batch also told the page that the library changed.
    expect(stream.events().filter((f) => f.event === 'books.changed').length).toBeGreaterThan(1);
    stream.close();
  });
});
