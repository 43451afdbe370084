import {
  CloudDriveMessages,
  type SyncConfig,
  type SyncStatus,
  type UpdateSyncConfigRequest,
} from '@bookshelf/contract';
import { and, asc, eq, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { driveConnections, jobs, type DriveConnectionRow } from '../../../db/schema/index.js';
import { afterCommit, inTransaction } from '../../../db/transaction.js';
import { notFound } from '../../../platform/errors.js';
import { createJobsRepository, enqueueJob } from '../../../platform/jobs/job-store.js';
import type { CloudDrivesParts, SyncControl } from '../cloud-drives.parts.js';
import { announce, isLiveJob, jobStateOf, lockConnection, statusOf } from './sync-rows.js';
import { nextSyncAfter, phaseProgress, SYNC_JOB, toSyncConfig } from './sync-status.js';

type ControlDeps = Pick<
  CloudDrivesParts,
  'db' | 'driveAccess' | 'admins' | 'publishLive' | 'now' | 'log' | 'config' | 'wakeJobs'
>;

/** Uploads are kept here, not listed from anywhere: there is nothing to sync. */
const SYNCED = ne(driveConnections.provider, 'uploads');

/**
 * Starting, stopping and configuring syncs (core.md §4 "Sync status", §7): one sync per connection at a time,
 * decided under the connection's row lock; background sync is data (`next_sync_at`), started by a schedule.
 */
export function createSyncControl(deps: ControlDeps) {
  const { db, driveAccess, admins, now } = deps;

  async function find(id: string) {
    const [row] = await db.select().from(driveConnections).where(eq(driveConnections.id, id));
    return row;
  }

  /** The connection when the reader may see it (their own, or the library folder they are offered). */
  const visible = async (userId: string, id: string) => driveAccess.requireVisible(userId, await find(id));

  /** The connection when the reader may change its sync: their own; the library folder for administrators only. */
  const mayChange = async (userId: string, row: DriveConnectionRow) =>
    row.userId === null ? admins.isAdmin(userId) : row.userId === userId;
  async function changeable(userId: string, id: string): Promise<DriveConnectionRow> {
    const row = await visible(userId, id);
    // Anyone else who sees the folder is answered 403 by the access rules.
    return (await mayChange(userId, row)) ? row : driveAccess.requireOwn(userId, row);
  }

  const control: SyncControl = {
    start: (connectionId, options = {}) =>
      inTransaction(db, async (tx) => {
        const row = await lockConnection(tx, connectionId);
        if (!row || !row.isActive) throw notFound(CloudDriveMessages.connectionNotFound);
        const jobState = await jobStateOf(tx, row.syncJobId);
        if (row.provider === 'uploads' || isLiveJob(jobState)) return statusOf(row, now(), jobState);
        const job = await enqueueJob(
          tx,
          SYNC_JOB,
          { connectionId, ...(options.full ? { full: true } : {}) },
          { userId: row.userId },
        );
        // The runner's idle poll backs off to a second; a sync a reader just asked for starts now instead.
        afterCommit(tx, () => deps.wakeJobs?.());
        const [next] = await tx
          .update(driveConnections)
          .set({
            syncState: 'syncing',
            ...phaseProgress('connecting'),
            filesAdded: 0,
            filesUpdated: 0,
            filesRemoved: 0,
            syncError: null,
            syncJobId: job.id,
            syncStartedAt: now(),
            syncFinishedAt: null,
            // A full sync asked for starts its listing afresh; otherwise an unfinished one goes on.
            ...(options.full ? { syncPageToken: null } : {}),
            updatedAt: now(),
          })
          .where(eq(driveConnections.id, connectionId))
          .returning();
        await announce(deps, next!, tx, { jobState: job.state });
        return statusOf(next!, now(), job.state);
      }),
  };

  /** Every connection the reader sees whose files are synced, with its job's state. */
  async function statusRows(where: SQL | undefined) {
    return db
      .select({ row: driveConnections, jobState: jobs.state })
      .from(driveConnections)
      .leftJoin(jobs, eq(jobs.id, driveConnections.syncJobId))
      .where(and(SYNCED, where))
      .orderBy(asc(driveConnections.createdAt), asc(driveConnections.id));
  }

  return {
    control,

    async statusList(userId: string): Promise<SyncStatus[]> {
      const library =
        deps.config.libraryDir !== undefined &&
        deps.config.libraryDir !== '' &&
        (await driveAccess.seesLibrary(userId));
      const rows = await statusRows(
        or(
          eq(driveConnections.userId, userId),
          library ? and(isNull(driveConnections.userId), eq(driveConnections.provider, 'local')) : undefined,
        ),
      );
      const at = now();
      return rows.map(({ row, jobState }) => statusOf(row, at, jobState));
    },

    /** Starts a sync now; a reader who may change the connection turns its background sync on too. */
    async startFor(userId: string, connectionId: string): Promise<SyncStatus> {
      const row = await visible(userId, connectionId);
      if (!row.syncEnabled && row.isActive && (await mayChange(userId, row))) {
        await db
          .update(driveConnections)
          .set({ syncEnabled: true, updatedAt: now() })
          .where(eq(driveConnections.id, connectionId));
      }
      return control.start(connectionId);
    },

    /** Cancels a running sync, reads idle, and turns background sync off (manual only). */
    async stopFor(userId: string, connectionId: string): Promise<SyncStatus> {
      await changeable(userId, connectionId);
      return inTransaction(db, async (tx) => {
        const row = await lockConnection(tx, connectionId);
        if (!row) throw notFound(CloudDriveMessages.connectionNotFound);
        const jobState = await jobStateOf(tx, row.syncJobId);
        if (row.syncJobId && isLiveJob(jobState)) await createJobsRepository(tx).cancel(row.syncJobId);
        const [next] = await tx
          .update(driveConnections)
          .set({
            syncState: 'idle',
            syncPhase: null,
            syncCurrent: 0,
            syncJobId: null,
            syncEnabled: false,
            nextSyncAt: null,
            updatedAt: now(),
          })
          .where(eq(driveConnections.id, connectionId))
          .returning();
        await announce(deps, next!, tx, { jobState: null });
        return statusOf(next!, now(), null);
      });
    },

    async config(userId: string, connectionId: string): Promise<SyncConfig> {
      return toSyncConfig(await visible(userId, connectionId));
    },

    /** Changes the sync config; a changed interval or switch moves the next background sync. */
    async updateConfig(userId: string, connectionId: string, body: UpdateSyncConfigRequest): Promise<SyncConfig> {
      await changeable(userId, connectionId);
      return inTransaction(db, async (tx) => {
        const row = await lockConnection(tx, connectionId);
        if (!row) throw notFound(CloudDriveMessages.connectionNotFound);
        const enabled = body.enabled ?? row.syncEnabled;
        const intervalMinutes = body.intervalMinutes ?? row.syncIntervalMinutes;
        const timing = enabled !== row.syncEnabled || intervalMinutes !== row.syncIntervalMinutes;
        const [next] = await tx
          .update(driveConnections)
          .set({
            syncEnabled: enabled,
            syncIntervalMinutes: intervalMinutes,
            syncMaxRetries: body.maxRetries ?? row.syncMaxRetries,
            syncBatchSize: body.batchSize ?? row.syncBatchSize,
            syncIncremental: body.incrementalSync ?? row.syncIncremental,
            ...(timing
              ? {
                  nextSyncAt: nextSyncAfter(
                    { syncEnabled: enabled, syncIntervalMinutes: intervalMinutes },
                    row.lastSyncAt ?? now(),
                  ),
                }
              : {}),
            updatedAt: now(),
          })
          .where(eq(driveConnections.id, connectionId))
          .returning();
        await announce(deps, next!, tx, { jobState: await jobStateOf(tx, next!.syncJobId) });
        return toSyncConfig(next!);
      });
    },

    /** The connections whose background sync is due (the minute schedule starts them). */
    async due(): Promise<string[]> {
      const rows = await db
        .select({ id: driveConnections.id })
        .from(driveConnections)
        .where(
          and(
            SYNCED,
            eq(driveConnections.isActive, true),
            eq(driveConnections.syncEnabled, true),
            lte(driveConnections.nextSyncAt, now()),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}

export type SyncService = ReturnType<typeof createSyncControl>;
