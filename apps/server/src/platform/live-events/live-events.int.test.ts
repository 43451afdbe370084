import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Job, LiveEvent } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';
import { testDatabaseKind } from '../../test/database.js';
import { openSse } from '../../test/sse-client.js';

const job = (id: string, current: number): Job => ({
  id,
  kind: 'books.load-sample',
  state: 'running',
  progress: { current, total: 10, phase: 'Adding books' },
  result: null,
  error: null,
  attempts: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  startedAt: '2026-11-23T10:00:01.000Z',
  finishedAt: null,
});
const progress = (current: number): LiveEvent => ({ type: 'job.updated', job: job('job-1', current) });

let t: TestApp;
let base: string;

const originOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
const cookieOf = (browser: Browser) => ({
  cookie: [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
});
/** The progress of the job in an event frame (undefined for a heartbeat, a position or a resync). */
const currentOf = (data: string | undefined) =>
  data === undefined ? undefined : (JSON.parse(data) as { job?: Job }).job?.progress.current;

beforeAll(async () => {
  t = await createTestApp({
    liveEvents: { heartbeatMs: 100, maxStreamsPerUser: 3, maxBufferedBytes: 64 * 1024, replayLimit: 5 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = originOf(t.app);
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  it('answers 401 without a session or with a revoked token', async () => {
    const anonymous = await openSse(base);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body() || '{}')).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const bogus = await openSse(base, { authorization: 'Bearer bks_nothing' });
    expect(bogus.status).toBe(401);
  });

  it('streams the user’s events uncompressed, with ids, types, data and heartbeats', async () => {
    const { browser, me } = await signUp(t.app);
    const stream = await openSse(base, { ...cookieOf(browser), 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['x-request-id']).toBeTruthy();
    await stream.next((f) => f.id !== undefined); // the starting position

    await t.app.live.publish(me.id, progress(3));
    await t.app.live.publish(me.id, { type: 'books.changed' });
    const first = await stream.next();
    expect(first.event).toBe('job.updated');
    expect(JSON.parse(first.data!)).toEqual(progress(3));
    const second = await stream.next();
    expect(second).toMatchObject({ event: 'books.changed', data: '{"type":"books.changed"}' });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    // A heartbeat that arrives after everything received so far (one may already sit unread in the buffer).
    const seen = stream.frames.length;
    const beat = await stream.next((f) => f.comment !== undefined && stream.frames.indexOf(f) >= seen, 2_000);
    expect(beat.comment).toBeDefined();
    stream.close();
  });

  it('refuses an event that does not match the contract', async () => {
    const { me } = await signUp(t.app);
    await expect(t.app.live.publish(me.id, { type: 'job.updated' } as unknown as LiveEvent)).rejects.toThrow();
  });

  it('resumes after Last-Event-ID (header or query) with the missed events only', async () => {
    const { browser, me } = await signUp(t.app);
    const first = await openSse(base, cookieOf(browser));
    await t.app.live.publish(me.id, progress(1));
    await t.app.live.publish(me.id, progress(2));
    await first.next();
    const seen = await first.next();
    first.close();
    await t.app.live.publish(me.id, progress(3));
    await t.app.live.publish(me.id, progress(4));

    const viaHeader = await openSse(base, { ...cookieOf(browser), 'last-event-id': seen.id! });
    expect(currentOf((await viaHeader.next()).data)).toBe(3);
    expect(currentOf((await viaHeader.next()).data)).toBe(4);
    // then live ones follow the replay
    await t.app.live.publish(me.id, progress(5));
    expect(currentOf((await viaHeader.next()).data)).toBe(5);
    viaHeader.close();

    const viaQuery = await openSse(`${base}?lastEventId=${seen.id}`, cookieOf(browser));
    await viaQuery.next((f) => currentOf(f.data) === 5);
    expect(viaQuery.events().map((f) => currentOf(f.data))).toEqual([3, 4, 5]);
    viaQuery.close();

    // without one, a new stream starts at the newest event: nothing is replayed
    const fresh = await openSse(base, cookieOf(browser));
    await t.app.live.publish(me.id, progress(6));
    await fresh.next();
    expect(fresh.events().map((f) => currentOf(f.data))).toEqual([6]);
    fresh.close();
  });

  it('answers 400 naming the field for a malformed Last-Event-ID', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.get('/api/events', { headers: { 'last-event-id': 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('last-event-id');
  });

  it('never sends one user’s events to another', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const aliceStream = await openSse(base, cookieOf(alice.browser));
    const bobStream = await openSse(base, cookieOf(bob.browser));
    await t.app.live.publish(bob.me.id, progress(7));
    await t.app.live.publish(alice.me.id, progress(8));
    expect(currentOf((await aliceStream.next()).data)).toBe(8);
    expect(currentOf((await bobStream.next()).data)).toBe(7);
    expect(aliceStream.events()).toHaveLength(1);
    aliceStream.close();
    bobStream.close();
  });

  it('delivers an event published in a transaction at its commit, and never one rolled back', async () => {
    const { browser, me } = await signUp(t.app);
    const stream = await openSse(base, cookieOf(browser));
    await inTransaction(t.database.db, (tx) => t.app.live.publish(me.id, progress(1), tx)).then(() => undefined);
    await inTransaction(t.database.db, async (tx) => {
      await t.app.live.publish(me.id, progress(2), tx);
      throw new Error('rolled back');
    }).catch(() => undefined);
    await t.app.live.publish(me.id, progress(3));
    await stream.next((f) => currentOf(f.data) === 3);
    expect(stream.events().map((f) => currentOf(f.data))).toEqual([1, 3]);
    stream.close();
  });

  it('refuses more streams per user than the limit with a 429', async () => {
    const { browser } = await signUp(t.app);
    const open = await Promise.all([1, 2, 3].map(() => openSse(base, cookieOf(browser))));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const extra = await openSse(base, cookieOf(browser));
    expect(extra.status).toBe(429);
    expect(extra.headers['retry-after']).toBeTruthy();
    expect(extra.body()).toContain('live-update connections');
    open.forEach((s) => s.close());
  });

  it('ends a stream when its session signs out, is revoked elsewhere, or the password changes', async () => {
    const { browser } = await signUp(t.app);
    const stream = await openSse(base, cookieOf(browser));
    await browser.post('/api/auth/logout');
    await stream.closedByServer();

    const { browser: laptop, user } = await signUp(t.app);
    const phone = createBrowser(t.app);
    expect((await phone.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const onLaptop = await openSse(base, cookieOf(laptop));
    const onPhone = await openSse(base, cookieOf(phone));
    // the phone signs out everywhere else
    expect((await phone.delete('/api/me/sessions')).statusCode).toBe(200);
    await onLaptop.closedByServer();

    // the laptop signs in again; a password change on the phone ends it once more, in the change's transaction
    expect((await laptop.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const again = await openSse(base, cookieOf(laptop));
    const change = await phone.post('/api/me/password', {
      currentPassword: user.password,
      newPassword: 'a new long passphrase',
    });
    expect(change.statusCode).toBe(204);
    await again.closedByServer();
    expect(onPhone.ended).toBe(false);

    // and revoking one session from the list ends that session's stream only
    const password = 'a new long passphrase';
    expect((await laptop.post('/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
    const third = await openSse(base, cookieOf(laptop));
    const { items } = (await phone.get('/api/me/sessions')).json<{ items: { id: string; current: boolean }[] }>();
    const laptopSession = items.find((item) => !item.current)!;
    expect((await phone.delete(`/api/me/sessions/${laptopSession.id}`)).statusCode).toBe(204);
    await third.closedByServer();
    expect(onPhone.ended).toBe(false);
    onPhone.close();
  });

  it('ends a stream opened with an API token when the token is revoked', async () => {
    const { browser } = await signUp(t.app);
    const minted = (await browser.post('/api/me/tokens', { name: 'cli' })).json<{ id: string; token: string }>();
    const stream = await openSse(base, { authorization: `Bearer ${minted.token}` });
    expect(stream.status).toBe(200);
    expect((await browser.delete(`/api/me/tokens/${minted.id}`)).statusCode).toBe(204);
    await stream.closedByServer();
  });

  it('drops a client that stops reading once its unread data passes the cap', async () => {
    const { browser, me } = await signUp(t.app);
    const { port } = t.app.server.address() as AddressInfo;
    const before = t.app.live.openStreams();
    const socket = connect(port, '127.0.0.1');
    socket.pause(); // reads nothing: the kernel's buffers fill, then the server's
    socket.on('error', () => undefined);
    socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nCookie: ${cookieOf(browser).cookie}\r\n\r\n`);
    while (t.app.live.openStreams() === before) await new Promise((resolve) => setTimeout(resolve, 10));
    const big: LiveEvent = { type: 'job.updated', job: { ...job('big', 0), result: 'x'.repeat(200_000) } };
    let published = 0;
    while (t.app.live.openStreams() > before && published < 500) {
      await t.app.live.publish(me.id, big);
      published += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(t.app.live.openStreams()).toBe(before);
    expect(published).toBeGreaterThan(1);
    socket.destroy();
  });

  it('ends a stream whose session expired, at the periodic check', async () => {
    let clock = new Date();
    const other = await createTestApp({ now: () => clock, liveEvents: { revalidateMs: 100 } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { browser } = await signUp(other.app);
      const stream = await openSse(originOf(other.app), cookieOf(browser));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.ended).toBe(false);
      clock = new Date(clock.getTime() + 2 * 86_400_000); // past a browser session's idle day
      await stream.closedByServer(3_000);
    } finally {
      await other.close();
    }
  });

  it('prunes old events, which then are not replayed', async () => {
    const { browser, me } = await signUp(t.app);
    const stream = await openSse(base, cookieOf(browser));
    const start = (await stream.next((f) => f.id !== undefined)).id!;
    stream.close();
    await t.app.live.publish(me.id, progress(1));
    expect(await t.app.live.prune(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await t.app.live.prune(new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    const resumed = await openSse(base, { ...cookieOf(browser), 'last-event-id': start });
    await t.app.live.publish(me.id, progress(2));
    expect(currentOf((await resumed.next()).data)).toBe(2);
    expect(resumed.events()).toHaveLength(1);
    resumed.close();
  });

  /** A user whose stream received one event (progress `current`) and then went away: its id is `seen`. */
  async function afterOneEvent(current: number) {
    const { browser, me } = await signUp(t.app);
    const stream = await openSse(base, cookieOf(browser));
    await t.app.live.publish(me.id, progress(current));
    const seen = (await stream.next()).id!;
    stream.close();
    return { browser, me, seen };
  }

  it('sends resync first when the Last-Event-ID is older than what is retained', async () => {
    const { browser, me, seen } = await afterOneEvent(1);
    await t.app.live.publish(me.id, progress(2));
    expect(await t.app.live.prune(new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(2);
    await t.app.live.publish(me.id, progress(3));
    const resumed = await openSse(base, { ...cookieOf(browser), 'last-event-id': seen });
    const first = await resumed.next();
    expect(first).toMatchObject({ event: 'resync', data: '{"type":"resync"}' });
    expect(first.id).toBeUndefined(); // the browser's Last-Event-ID stays where it was
    expect(currentOf((await resumed.next()).data)).toBe(3);
    resumed.close();
  });

  it('sends resync first when more events were missed than one replay sends (5 here)', async () => {
    const { browser, me, seen } = await afterOneEvent(0);
    for (const n of [1, 2, 3, 4]) await t.app.live.publish(me.id, progress(n));
    const complete = await openSse(base, { ...cookieOf(browser), 'last-event-id': seen });
    await complete.next((f) => currentOf(f.data) === 4);
    expect(complete.events().map((f) => f.event)).not.toContain('resync');
    complete.close();

    await t.app.live.publish(me.id, progress(5));
    const truncated = await openSse(base, { ...cookieOf(browser), 'last-event-id': seen });
    await truncated.next((f) => currentOf(f.data) === 5);
    expect(truncated.events().map((f) => f.event ?? '')).toEqual(['resync', ...Array<string>(5).fill('job.updated')]);
    truncated.close();
  });

  it('ends every stream when the app closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { browser } = await signUp(other.app);
    const stream = await openSse(originOf(other.app), cookieOf(browser));
    const started = Date.now();
    await other.close();
    await stream.closedByServer(1_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('across instances on one PostgreSQL', () => {
  it('delivers an event raised on instance A to a stream on instance B, over one LISTEN connection each', async () => {
    const url = (t.database as { url?: string }).url!;
    const databaseB = openDatabase({ kind: 'postgres', url, maxConnections: 4 });
    const appB = await buildApp({ database: databaseB });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    try {
      const users = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
      const onB = await Promise.all(users.flatMap((u) => [openSse(originOf(appB), cookieOf(u.browser))]));
      const onA = await Promise.all(users.map((u) => openSse(base, cookieOf(u.browser))));
      for (const [i, u] of users.entries()) await t.app.live.publish(u.me.id, progress(i));
      for (const [i, stream] of onB.entries()) expect(currentOf((await stream.next()).data)).toBe(i);
      for (const [i, stream] of onA.entries()) expect(currentOf((await stream.next()).data)).toBe(i);

      const listening = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and query ilike 'listen %'`,
        ),
      );
      expect(listening[0]?.n).toBe(2); // one per instance, for eight streams
      [...onA, ...onB].forEach((s) => s.close());
    } finally {
      await appB.close();
      await databaseB.close();
    }
  });

  it('after its LISTEN connection is killed, ends the streams, which resume from their own Last-Event-ID', async () => {
    const [quiet, busy] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const quietStream = await openSse(base, cookieOf(quiet.browser));
    const busyStream = await openSse(base, cookieOf(busy.browser));
    const start = (await quietStream.next((f) => f.id !== undefined)).id!;
    await t.app.live.publish(busy.me.id, progress(1));
    await busyStream.next();
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
    );
    // published while the listener is down or just back
    await t.app.live.publish(quiet.me.id, progress(9));
    await quietStream.closedByServer(5_000);
    await busyStream.closedByServer(5_000);
    const resumed = await openSse(base, { ...cookieOf(quiet.browser), 'last-event-id': start });
    expect(currentOf((await resumed.next()).data)).toBe(9);
    // and live delivery goes on over the new LISTEN
    await t.app.live.publish(quiet.me.id, progress(10));
    expect(currentOf((await resumed.next()).data)).toBe(10);
    resumed.close();
  });
});
