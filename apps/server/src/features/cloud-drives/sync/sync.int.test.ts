import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDriveMessages, CloudDrivePaths, type SyncConfig, type SyncStatus } from '@bookshelf/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveConnections, driveFiles, jobs } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { SYNC_JOB } from './sync-status.js';

let dir: string;
let t: TestApp;
let offsetMs = 0;
let admin: { browser: Browser; me: { id: string } };
let reader: { browser: Browser; me: { id: string } };
let libraryId: string;

const pathOf = (template: string, connectionId: string) => template.replace('{connectionId}', connectionId);

function put(relative: string, content: string, mtime?: Date) {
  const full = path.join(dir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (mtime) utimesSync(full, mtime, mtime);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-sync-'));
  for (let i = 0; i < 12; i += 1) put(`Shelf ${i % 3}/book-${i}.epub`, `book ${i}`);
  for (let i = 0; i < 8; i += 1) put(`paper-${i}.pdf`, `%PDF ${i}`);
  put('notes.md', 'not a book');
  t = await createTestApp({
    drives: { libraryDir: dir, libraryDirShared: true },
    startJobs: false,
    now: () => new Date(Date.now() + offsetMs),
  });
  admin = await signUp(t.app); // the instance's first account: its administrator
  reader = await signUp(t.app);
  const [row] = await t.database.db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));
  libraryId = row!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function statuses(browser: Browser): Promise<SyncStatus[]> {
  const res = await browser.get(CloudDrivePaths.syncStatus);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const statusOf = async (browser: Browser, id = libraryId) =>
  (await statuses(browser)).find((s) => s.connectionId === id);

async function start(browser: Browser, id = libraryId): Promise<SyncStatus> {
  const res = await browser.post(pathOf(CloudDrivePaths.syncStart, id));
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}

const files = (connectionId = libraryId) =>
  t.database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, connectionId));

async function syncJobsWaiting(): Promise<number> {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.kind, SYNC_JOB), sql`${jobs.state} in ('queued', 'running', 'failed')`));
  return rows[0]!.n;
}

describe('the library folder', () => {
  it('gets a connection at start-up whose first sync lists every supported file, with its folder', async () => {
    const before = await statusOf(admin.browser);
    expect(before).toMatchObject({ status: 'syncing', progress: { phase: 'connecting', current: 0, total: 100 } });

    await t.app.jobs.drain();
    const after = await statusOf(admin.browser);
    expect(after).toMatchObject({
      status: 'completed',
      progress: { current: 100, total: 100, phase: null },
      filesAdded: 20,
      filesUpdated: 0,
      filesRemoved: 0,
      error: null,
    });
    expect(Date.parse(after!.nextSyncAt!) - Date.parse(after!.lastSyncAt!)).toBe(30 * 60_000);

    const listed = await files();
    expect(listed).toHaveLength(20);
    expect(listed.every((f) => f.id.startsWith('local_') && !f.isDeleted)).toBe(true);
    expect(listed.find((f) => f.externalId === 'Shelf 1/book-4.epub')).toMatchObject({
      name: 'book-4.epub',
      fileType: 'epub',
      parentFolder: 'Shelf 1',
      size: 6,
    });
    expect(listed.find((f) => f.externalId === 'paper-3.pdf')?.parentFolder).toBeNull();
  });

  it('counts added, updated and removed files on the next sync, keeping the ids of the others', async () => {
    const idsBefore = new Map((await files()).map((f) => [f.externalId, f.id]));
    put('paper-0.pdf', '%PDF changed and longer', new Date('2030-01-01T00:00:00Z'));
    put('New/arrival.txt', 'hello');
    put('New/second.mobi', 'mobi');
    unlinkSync(path.join(dir, 'paper-1.pdf'));
    renameSync(path.join(dir, 'paper-2.pdf'), path.join(dir, 'paper-two.pdf'));

    expect(await start(admin.browser)).toMatchObject({ status: 'syncing', filesAdded: 0, filesRemoved: 0 });
    await t.app.jobs.drain();
    expect(await statusOf(admin.browser)).toMatchObject({
      status: 'completed',
      filesAdded: 3,
      filesUpdated: 1,
      filesRemoved: 2,
    });

    const after = await files();
    expect(after.filter((f) => !f.isDeleted)).toHaveLength(21);
    expect(
      after
        .filter((f) => f.isDeleted)
        .map((f) => f.externalId)
        .sort(),
    ).toEqual(['paper-1.pdf', 'paper-2.pdf']);
    expect(after.find((f) => f.externalId === 'paper-0.pdf')).toMatchObject({
      id: idsBefore.get('paper-0.pdf'),
      size: 23,
    });
    expect(after.find((f) => f.externalId === 'Shelf 0/book-0.epub')?.id).toBe(idsBefore.get('Shelf 0/book-0.epub'));

    // A file that comes back is the same file again, counted as added.
    put('paper-1.pdf', 'back');
    await start(admin.browser);
    await t.app.jobs.drain();
    expect(await statusOf(admin.browser)).toMatchObject({ filesAdded: 1, filesUpdated: 0, filesRemoved: 0 });
    expect((await files()).find((f) => f.externalId === 'paper-1.pdf')).toMatchObject({
      id: idsBefore.get('paper-1.pdf'),
      isDeleted: false,
    });
  });

  it('reads idle again five seconds after it completed', async () => {
    expect((await statusOf(admin.browser))?.status).toBe('completed');
    offsetMs += 4_000;
    expect((await statusOf(admin.browser))?.status).toBe('completed');
    offsetMs += 1_000;
    expect(await statusOf(admin.browser)).toMatchObject({ status: 'idle', filesAdded: 1 });
  });

  it('starts one sync however often it is asked, by whoever sees the folder', async () => {
    const first = await start(admin.browser);
    const second = await start(reader.browser);
    const third = await start(admin.browser);
    expect([first.status, second.status, third.status]).toEqual(['syncing', 'syncing', 'syncing']);
    expect(await syncJobsWaiting()).toBe(1);
    await t.app.jobs.drain();
    expect(await syncJobsWaiting()).toBe(0);
    expect((await statusOf(reader.browser))?.status).toBe('completed');
  });

  it('is stopped and configured by an administrator only; a reader who sees it may read and start it', async () => {
    expect((await reader.browser.get(pathOf(CloudDrivePaths.syncConfig, libraryId))).statusCode).toBe(200);
    const stop = await reader.browser.post(pathOf(CloudDrivePaths.syncStop, libraryId));
    expect(stop.statusCode).toBe(403);
    const put = await reader.browser.request({
      method: 'PUT',
      url: pathOf(CloudDrivePaths.syncConfig, libraryId),
      payload: { intervalMinutes: 15 },
    });
    expect(put.statusCode).toBe(403);
  });

  it('stops a sync under way: the job is cancelled, the status idle, background sync off until started again', async () => {
    await start(admin.browser);
    const stop = await admin.browser.post(pathOf(CloudDrivePaths.syncStop, libraryId));
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json<SyncStatus>()).toMatchObject({ status: 'idle', nextSyncAt: null });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, SYNC_JOB))
      .orderBy(sql`${jobs.createdAt} desc`)
      .limit(1);
    expect(job?.state).toBe('cancelled');
    const config = await admin.browser.get(pathOf(CloudDrivePaths.syncConfig, libraryId));
    expect(config.json<SyncConfig>().enabled).toBe(false);
    await t.app.jobs.drain();
    expect((await statusOf(admin.browser))?.status).toBe('idle');

    // A reader who may not change it starts a sync without turning background sync back on; its administrator does.
    await start(reader.browser);
    await t.app.jobs.drain();
    expect((await admin.browser.get(pathOf(CloudDrivePaths.syncConfig, libraryId))).json<SyncConfig>().enabled).toBe(
      false,
    );
    expect((await statusOf(admin.browser))?.nextSyncAt).toBeNull();
    await start(admin.browser);
    await t.app.jobs.drain();
    expect((await admin.browser.get(pathOf(CloudDrivePaths.syncConfig, libraryId))).json<SyncConfig>().enabled).toBe(
      true,
    );
    expect((await statusOf(admin.browser))?.nextSyncAt).not.toBeNull();
  });
});

describe('sync config', () => {
  const config = (browser: Browser, payload: unknown, id = libraryId) =>
    browser.request({ method: 'PUT', url: pathOf(CloudDrivePaths.syncConfig, id), payload: payload as object });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ intervalMinutes: 7 }, 'body.intervalMinutes'],
      [{ intervalMinutes: '30' }, 'body.intervalMinutes'],
      [{ batchSize: 0 }, 'body.batchSize'],
      [{ batchSize: 1001 }, 'body.batchSize'],
      [{ maxRetries: 11 }, 'body.maxRetries'],
      [{ maxRetries: 1.5 }, 'body.maxRetries'],
      [{ enabled: 'yes' }, 'body.enabled'],
      [{ incrementalSync: 1 }, 'body.incrementalSync'],
    ] as const) {
      const res = await config(admin.browser, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.issues[0].path, JSON.stringify(payload)).toBe(field);
    }
    const badId = await admin.browser.get(pathOf(CloudDrivePaths.syncConfig, 'not-a-uuid'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.issues[0].path).toBe('params.connectionId');
    expect((await admin.browser.post(pathOf(CloudDrivePaths.syncStart, 'x'))).statusCode).toBe(400);
  });

  it('stores the settings; a new interval moves the next background sync', async () => {
    const res = await config(admin.browser, {
      intervalMinutes: 60,
      batchSize: 10,
      maxRetries: 1,
      incrementalSync: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SyncConfig>()).toEqual({
      enabled: true,
      intervalMinutes: 60,
      maxRetries: 1,
      batchSize: 10,
      incrementalSync: false,
    });
    const status = await statusOf(admin.browser);
    expect(Date.parse(status!.nextSyncAt!) - Date.parse(status!.lastSyncAt!)).toBe(60 * 60_000);
    const off = await config(admin.browser, { enabled: false });
    expect(off.json<SyncConfig>().enabled).toBe(false);
    expect((await statusOf(admin.browser))?.nextSyncAt).toBeNull();
    await config(admin.browser, { enabled: true, intervalMinutes: 15 });
    const on = await statusOf(admin.browser);
    expect(Date.parse(on!.nextSyncAt!) - Date.parse(on!.lastSyncAt!)).toBe(15 * 60_000);
  });

  it('starts due background syncs from the minute schedule', async () => {
    await t.app.jobs.drain();
    const before = await statusOf(admin.browser);
    await t.app.jobs.registerSchedules();
    offsetMs += 16 * 60_000;
    await t.app.jobs.tickSchedules();
    await t.app.jobs.drain();
    const after = await statusOf(admin.browser);
    expect(Date.parse(after!.lastSyncAt!)).toBeGreaterThan(Date.parse(before!.lastSyncAt!));
    expect(Date.parse(after!.nextSyncAt!) - Date.parse(after!.lastSyncAt!)).toBe(15 * 60_000);
  });
});

describe('a reader’s own connections', () => {
  async function connectionOf(userId: string, values: Partial<typeof driveConnections.$inferInsert> = {}) {
    const [row] = await t.database.db
      .insert(driveConnections)
      .values({ userId, provider: 'google', accountName: 'me@example.org', ...values })
      .returning();
    return row!;
  }

  it('are another reader’s 404, everywhere', async () => {
    const mine = await connectionOf(admin.me.id);
    for (const res of [
      await reader.browser.post(pathOf(CloudDrivePaths.syncStart, mine.id)),
      await reader.browser.post(pathOf(CloudDrivePaths.syncStop, mine.id)),
      await reader.browser.get(pathOf(CloudDrivePaths.syncConfig, mine.id)),
      await reader.browser.request({
        method: 'PUT',
        url: pathOf(CloudDrivePaths.syncConfig, mine.id),
        payload: { enabled: false },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CloudDriveMessages.connectionNotFound);
    }
    expect((await statuses(reader.browser)).map((s) => s.connectionId)).toEqual([libraryId]);
    expect((await statuses(admin.browser)).map((s) => s.connectionId)).toEqual([libraryId, mine.id]);
  });

  it('answer 404 to a sync of an inactive connection, and report a provider this server does not offer', async () => {
    const inactive = await connectionOf(reader.me.id, { isActive: false, accountName: 'old' });
    const res = await reader.browser.post(pathOf(CloudDrivePaths.syncStart, inactive.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(CloudDriveMessages.connectionNotFound);

    const google = await connectionOf(reader.me.id, { accountName: 'drive' });
    await start(reader.browser, google.id);
    await t.app.jobs.drain();
    expect(await statusOf(reader.browser, google.id)).toMatchObject({
      status: 'error',
      error: CloudDriveMessages.providerNotConfigured('Google Drive'),
    });
    expect(await syncJobsWaiting()).toBe(0); // no retry would change it
  });
});
