import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDriveMessages, CloudDrivePaths, type SyncStatus } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.js';
import { driveConnections, driveFiles } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { signUp } from '../../../test/browser.js';
import { createTestDatabase } from '../../../test/database.js';
import { testRunner, until } from '../../../test/jobs.js';
import { buildSync, pacedFolder } from './sync-harness.js';

let database: DatabaseHandle;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-library-'));
  writeFileSync(path.join(dir, 'first.pdf'), '%PDF first');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const local = async () =>
  (await database.db.select().from(driveConnections).where(eq(driveConnections.provider, 'local')))[0];

it('is one connection named after the folder, removed with its files when LIBRARY_DIR is no longer set', async () => {
  const folder = pacedFolder({ root: dir });
  const withFolder = buildSync({ db: database.db, providers: { local: folder.provider }, config: { libraryDir: dir } });
  await withFolder.start();
  await withFolder.start(); // a restart: the same row
  const row = await local();
  expect(row).toMatchObject({ userId: null, accountName: path.basename(dir), isActive: true });
  await testRunner(database.db, { definitions: withFolder.jobs }).drain();
  expect(await database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, row!.id))).toHaveLength(1);
  await withFolder.close();

  const without = buildSync({ db: database.db, providers: {}, config: {} });
  await without.start();
  expect(await local()).toBeUndefined();
  expect(await database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, row!.id))).toHaveLength(0);
});

it('is synced again when its files change, once the changes settle', async () => {
  const sync = buildSync({
    db: database.db,
    providers: { local: pacedFolder({ root: dir }).provider },
    config: { libraryDir: dir, watchLibraryDir: true },
  });
  const runner = testRunner(database.db, { definitions: sync.jobs });
  try {
    await sync.start();
    await runner.drain();
    const first = await local();
    expect(first).toMatchObject({ syncState: 'completed', filesAdded: 1 });

    writeFileSync(path.join(dir, 'second.epub'), 'epub');
    writeFileSync(path.join(dir, 'third.txt'), 'text');
    await runner.start();
    await until(async () => {
      const row = await local();
      return row!.syncJobId !== first!.syncJobId && row!.syncState === 'completed';
    }, 15_000);
    expect(await local()).toMatchObject({ filesAdded: 2, filesRemoved: 0 });
  } finally {
    await sync.close();
    await runner.stop();
  }
});

it('is offered to the administrator only unless LIBRARY_DIR_SHARED is on', async () => {
  const t = await createTestApp({ drives: { libraryDir: dir }, startJobs: false });
  try {
    const admin = await signUp(t.app);
    const reader = await signUp(t.app);
    const [row] = await t.database.db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));
    const seen = (await admin.browser.get(CloudDrivePaths.syncStatus)).json<SyncStatus[]>();
    expect(seen.map((s) => s.connectionId)).toEqual([row!.id]);
    expect((await reader.browser.get(CloudDrivePaths.syncStatus)).json()).toEqual([]);
    for (const res of [
      await reader.browser.post(CloudDrivePaths.syncStart.replace('{connectionId}', row!.id)),
      await reader.browser.get(CloudDrivePaths.syncConfig.replace('{connectionId}', row!.id)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CloudDriveMessages.connectionNotFound);
    }
    expect((await reader.browser.get(CloudDrivePaths.syncStatus)).statusCode).toBe(200);
    expect((await createBrowserless(t.app)).statusCode).toBe(401);
  } finally {
    await t.close();
  }
});

const createBrowserless = (app: Awaited<ReturnType<typeof createTestApp>>['app']) =>
  app.inject({ method: 'GET', url: CloudDrivePaths.syncStatus, headers: { 'x-requested-with': 'fetch' } });
