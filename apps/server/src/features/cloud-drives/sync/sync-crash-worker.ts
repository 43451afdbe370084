/**
 * A sync in a process of its own, for the kill -9 test (sync-crash.int.test.ts): the library folder's
 * connection (LIBRARY_DIR) synced by a job runner with a short lease, its pages answered after PAGE_MS. It
 * prints `page <n>` each time a page of files is committed and `finished <state> <added> <updated> <removed>
 * <rows> <distinct> <live> <attempts> <pages asked here> <first page asked here>` once the sync completed. Environment: DATABASE_URL or DATA_DIR,
 * LIBRARY_DIR, LEASE_MS, PAGE_MS, BATCH_SIZE.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../../db/client.js';
import { driveConnections, driveFiles, jobs } from '../../../db/schema/index.js';
import { createJobRunner } from '../../../platform/jobs/job-runner.js';
import { buildSync, pacedFolder } from './sync-harness.js';
import { readSyncPoint, type ListingPoint } from './sync-status.js';

const env = process.env;
const database = openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
);
await database.migrate();
const { db } = database;
const root = env.LIBRARY_DIR!;

const folder = pacedFolder({ root, pageDelayMs: Number(env.PAGE_MS ?? 0) });
const sync = buildSync({
  db,
  providers: { local: folder.provider },
  config: { libraryDir: root },
});
// Ensures the folder's connection and starts its sync, unless one is still running (the killed one).
await sync.start();
const [library] = await db.select().from(driveConnections).where(eq(driveConnections.provider, 'local'));
await db
  .update(driveConnections)
  .set({ syncBatchSize: Number(env.BATCH_SIZE ?? 100) })
  .where(eq(driveConnections.id, library!.id));

const runner = createJobRunner({
  db,
  log: { warn: (obj, msg) => console.error(msg, obj), error: (obj, msg) => console.error(msg, obj) },
  leaseMs: Number(env.LEASE_MS),
  pollIntervalMs: 20,
  definitions: sync.jobs,
});
await runner.start();

// The listing's sync point names the next page once a page is committed.
const nextPage = (stored: string | null) => (readSyncPoint(stored) as ListingPoint | null)?.next ?? null;
let lastNext = nextPage(library!.syncPageToken);
let pages = 0;
for (;;) {
  const [row] = await db.select().from(driveConnections).where(eq(driveConnections.id, library!.id));
  const next = nextPage(row!.syncPageToken);
  if (next !== null && next !== lastNext) {
    pages += 1;
    console.log(`page ${pages}`);
  }
  lastNext = next;
  if (row!.syncState === 'completed') {
    const [files] = await db
      .select({
        rows: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${driveFiles.externalId})::int`,
        live: sql<number>`(count(*) filter (where not ${driveFiles.isDeleted}))::int`,
      })
      .from(driveFiles)
      .where(eq(driveFiles.connectionId, row!.id));
    const [job] = await db.select().from(jobs).where(eq(jobs.id, row!.syncJobId!));
    console.log(
      `finished ${row!.syncState} ${row!.filesAdded} ${row!.filesUpdated} ${row!.filesRemoved} ` +
        `${files!.rows} ${files!.distinct} ${files!.live} ${job!.attempts} ` +
        `${folder.asked.length} ${folder.asked[0] === null ? 'first' : 'later'}`,
    );
    break;
  }
  await sleep(5);
}
await runner.stop();
await database.close();
