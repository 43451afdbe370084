import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDriveMessages, type LiveEvent } from '@bookshelf/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.js';
import { driveConnections, driveFiles, jobs, users } from '../../../db/schema/index.js';
import { createTestDatabase } from '../../../test/database.js';
import { testRunner, until } from '../../../test/jobs.js';
import { ProviderError, type ChangesPage, type FileProvider, type ListedFile } from '../providers/provider.js';
import { buildSync, pacedFolder } from './sync-harness.js';

let database: DatabaseHandle;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-resume-'));
  await database.db.delete(driveConnections);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fill(count: number) {
  for (let i = 0; i < count; i += 1) {
    const folder = path.join(dir, `Series ${i % 7}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `volume-${String(i).padStart(4, '0')}.epub`), `volume ${i}`);
  }
}

const connection = async (id: string) =>
  (await database.db.select().from(driveConnections).where(eq(driveConnections.id, id)))[0]!;

async function fileStats(connectionId: string) {
  const [row] = await database.db
    .select({
      rows: sql<number>`count(*)::int`,
      distinct: sql<number>`count(distinct ${driveFiles.externalId})::int`,
      live: sql<number>`(count(*) filter (where not ${driveFiles.isDeleted}))::int`,
    })
    .from(driveFiles)
    .where(eq(driveFiles.connectionId, connectionId));
  return row!;
}

it('a sync that fails on its third page goes on from the last committed page when retried', async () => {
  fill(500);
  const folder = pacedFolder({ root: dir, failOnCall: 3 });
  const sync = buildSync({ db: database.db, providers: { local: folder.provider }, config: { libraryDir: dir } });
  await sync.start();
  const [library] = await database.db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));
  await database.db.update(driveConnections).set({ syncBatchSize: 10 }).where(eq(driveConnections.id, library!.id));

  const runner = testRunner(database.db, { definitions: sync.jobs });
  await runner.drain();
  const failed = await connection(library!.id);
  expect(failed).toMatchObject({ syncState: 'error', syncError: 'Failed to sync files', filesAdded: 200 });
  expect(await fileStats(library!.id)).toEqual({ rows: 200, distinct: 200, live: 200 });

  await runner.start();
  try {
    await until(async () => (await connection(library!.id)).syncState === 'completed', 20_000);
  } finally {
    await runner.stop();
  }
  expect(await connection(library!.id)).toMatchObject({ filesAdded: 500, filesUpdated: 0, filesRemoved: 0 });
  expect(await fileStats(library!.id)).toEqual({ rows: 500, distinct: 500, live: 500 });
  // Pages 1 and 2, the failed third, then the third again from its token and on: never the first page twice.
  expect(folder.asked.filter((token) => token === null)).toHaveLength(1);
  expect(folder.asked).toHaveLength(6);
  expect(folder.asked[3]).toBe(folder.asked[2]);
});

it('starts the listing again when the provider refuses a page token, rather than failing each resume', async () => {
  fill(50);
  const folder = pacedFolder({ root: dir, pageSize: 10, refuseOnCall: 3 });
  const sync = buildSync({ db: database.db, providers: { local: folder.provider }, config: { libraryDir: dir } });
  await sync.start();
  const [library] = await database.db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));

  await testRunner(database.db, { definitions: sync.jobs }).drain();

  const done = await connection(library!.id);
  expect(done).toMatchObject({ syncState: 'completed', filesAdded: 50, filesRemoved: 0, syncPageToken: null });
  expect(await fileStats(library!.id)).toEqual({ rows: 50, distinct: 50, live: 50 });
  // Pages 1 and 2, the refused third, then from the first page again under a new generation.
  expect(folder.asked.slice(0, 4)).toEqual([null, folder.asked[1], folder.asked[2], null]);
  expect(folder.asked[2]).not.toBeNull();
  expect(done.syncGeneration).toBe(2);
});

it('gives up after the connection’s own retries, and at once on a refused token', async () => {
  fill(3);
  const refusing = buildSync({
    db: database.db,
    providers: { local: pacedFolder({ root: dir }).provider },
    config: { libraryDir: dir },
    tokens: { withAuth: () => Promise.reject(new ProviderError(CloudDriveMessages.tokenRefreshFailed, 401)) },
  });
  await refusing.start();
  const runner = testRunner(database.db, { definitions: refusing.jobs });
  await runner.drain();
  const [row] = await database.db.select().from(driveConnections);
  expect(row).toMatchObject({ syncState: 'error', syncError: CloudDriveMessages.tokenRefreshFailed });
  const [job] = await database.db.select().from(jobs).where(eq(jobs.id, row!.syncJobId!));
  expect(job).toMatchObject({ state: 'succeeded', attempts: 1 });

  // maxRetries 0: the first failure is the last.
  await database.db.update(driveConnections).set({ syncMaxRetries: 0 });
  const failing = buildSync({
    db: database.db,
    providers: { local: pacedFolder({ root: dir, failOnCall: 1 }).provider },
    config: { libraryDir: dir },
  });
  await failing.control.start(row!.id);
  await testRunner(database.db, { definitions: failing.jobs }).drain();
  const [after] = await database.db.select().from(driveConnections);
  expect(after).toMatchObject({ syncState: 'error', syncError: 'Failed to sync files' });
  const [second] = await database.db.select().from(jobs).where(eq(jobs.id, after!.syncJobId!));
  expect(second).toMatchObject({ state: 'succeeded', attempts: 1 });
});

/** A drive with a change feed: the cursor is the number of changes seen; 'gone' is refused like Graph's 410. */
function memoryDrive(initial: ListedFile[]) {
  const files = new Map(initial.map((f) => [f.externalId, f]));
  const log: { change: ListedFile | string }[] = [];
  const calls: string[] = [];
  const provider: FileProvider = {
    name: 'google',
    async listPage(_auth, token) {
      calls.push(`list:${token}`);
      const all = [...files.values()].sort((a, b) => a.externalId.localeCompare(b.externalId));
      const start = token ? Number(token) : 0;
      return { files: all.slice(start, start + 2), nextPageToken: start + 2 < all.length ? String(start + 2) : null };
    },
    async startCursor() {
      calls.push('cursor');
      return String(log.length);
    },
    async changesPage(_auth, cursor): Promise<ChangesPage> {
      calls.push(`changes:${cursor}`);
      if (cursor === 'gone') throw new ProviderError('OneDrive API error: Gone', 410);
      const since = log.slice(Number(cursor));
      return {
        changed: since.flatMap((c) => (typeof c.change === 'string' ? [] : [c.change])),
        removed: since.flatMap((c) => (typeof c.change === 'string' ? [c.change] : [])),
        nextPageToken: null,
        newCursor: String(log.length),
      };
    },
    download: () => Promise.reject(new Error('not here')),
    thumbnail: () => Promise.resolve(null),
    close: () => Promise.resolve(),
  };
  return {
    provider,
    calls,
    put(file: ListedFile) {
      files.set(file.externalId, file);
      log.push({ change: file });
    },
    remove(id: string) {
      files.delete(id);
      log.push({ change: id });
    },
  };
}

const listed = (externalId: string, version = '1'): ListedFile => ({
  externalId,
  name: `${externalId}.pdf`,
  fileType: 'pdf',
  mimeType: 'application/pdf',
  size: 10,
  modifiedAt: new Date('2026-01-01T00:00:00Z'),
  parentFolder: null,
  hasThumbnail: true,
  version,
});

it('syncs a drive with a change feed incrementally after its first listing, and lists again when the cursor is refused', async () => {
  const drive = memoryDrive(['a', 'b', 'c', 'd', 'e'].map((id) => listed(id)));
  const told: { userId: string; event: LiveEvent }[] = [];
  const sync = buildSync({
    db: database.db,
    providers: { google: drive.provider },
    publishLive: async (userId, event) => {
      told.push({ userId, event });
    },
  });
  const [owner] = await database.db.insert(users).values({ name: 'Owner' }).returning();
  const [row] = await database.db
    .insert(driveConnections)
    .values({ userId: owner!.id, provider: 'google', accountName: 'drive' })
    .returning();
  const runner = testRunner(database.db, { definitions: sync.jobs });
  const syncNow = async (options?: { full?: boolean }) => {
    drive.calls.length = 0;
    await sync.control.start(row!.id, options);
    await runner.drain();
    return connection(row!.id);
  };

  expect(await syncNow()).toMatchObject({ syncState: 'completed', filesAdded: 5, syncCursor: '0', syncGeneration: 1 });
  expect(drive.calls).toEqual(['cursor', 'list:null', 'list:2', 'list:4']);
  // Its owner's pages heard of every phase and page, then that the files changed.
  expect(told.every((t) => t.userId === owner!.id)).toBe(true);
  const phases = told.flatMap((t) => (t.event.type === 'cloud-drives.sync' ? [t.event.status] : []));
  expect(phases.map((s) => `${s.status}:${s.progress.phase}:${s.progress.current}:${s.filesAdded}`)).toEqual([
    'syncing:connecting:0:0',
    'syncing:fetching:25:0',
    'syncing:fetching:25:2',
    'syncing:fetching:25:4',
    'syncing:fetching:25:5',
    'syncing:processing:75:5',
    'syncing:saving:90:5',
    'completed:null:100:5',
  ]);
  expect(told.at(-1)?.event).toEqual({ type: 'cloud-drives.changed' });

  drive.put(listed('f'));
  drive.put(listed('a', '2'));
  drive.remove('b');
  expect(await syncNow()).toMatchObject({ filesAdded: 1, filesUpdated: 1, filesRemoved: 1, syncCursor: '3' });
  expect(drive.calls).toEqual(['changes:0']);
  expect(await fileStats(row!.id)).toEqual({ rows: 6, distinct: 6, live: 5 });

  // Nothing changed: nothing counted.
  expect(await syncNow()).toMatchObject({ filesAdded: 0, filesUpdated: 0, filesRemoved: 0 });

  await database.db.update(driveConnections).set({ syncCursor: 'gone' }).where(eq(driveConnections.id, row!.id));
  drive.remove('c');
  expect(await syncNow()).toMatchObject({
    syncState: 'completed',
    filesRemoved: 1,
    syncCursor: '4',
    syncGeneration: 2,
  });
  expect(drive.calls).toEqual(['changes:gone', 'cursor', 'list:null', 'list:2']);

  // Asked for a full sync, or with incremental sync off, it lists.
  expect(await syncNow({ full: true })).toMatchObject({ filesAdded: 0, filesRemoved: 0, syncGeneration: 3 });
  expect(drive.calls[0]).toBe('cursor');
  await database.db.update(driveConnections).set({ syncIncremental: false }).where(eq(driveConnections.id, row!.id));
  await syncNow();
  expect(drive.calls[0]).toBe('cursor');
  expect(await fileStats(row!.id)).toEqual({ rows: 6, distinct: 6, live: 4 });
});
