import type { JobState, SyncStatus } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { driveConnections, jobs, type DriveConnectionRow } from '../../../db/schema/index.js';
import type { CloudDrivesDeps } from '../cloud-drives.deps.js';
import { toSyncStatus } from './sync-status.js';

/** A sync job in one of these states is still the connection's sync: a second one is not started. */
export const LIVE_JOB_STATES: readonly JobState[] = ['queued', 'running', 'failed'];
export const isLiveJob = (state: JobState | null | undefined) => state != null && LIVE_JOB_STATES.includes(state);

export async function jobStateOf(db: Database, jobId: string | null): Promise<JobState | null> {
  if (jobId === null) return null;
  const [row] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, jobId));
  return row?.state ?? null;
}

export async function lockConnection(tx: Database, id: string): Promise<DriveConnectionRow | undefined> {
  const [row] = await tx.select().from(driveConnections).where(eq(driveConnections.id, id)).for('update');
  return row;
}

/**
 * The status as read: a row that says syncing whose job ended without finishing it (cancelled through the
 * jobs API, or dead after its process stopped too often) is not shown syncing for ever.
 */
export function statusOf(row: DriveConnectionRow, now: Date, jobState: JobState | null): SyncStatus {
  const status = toSyncStatus(row, now);
  if (status.status !== 'syncing' || isLiveJob(jobState)) return status;
  // A sync that completes or fails writes its row before its job ends, so an ended job here left it unfinished.
  if (jobState === 'dead') return { ...status, status: 'error', error: row.syncError ?? 'Failed to sync files' };
  return { ...status, status: 'idle' };
}

/**
 * Tells the owner's open pages of the connection's sync status (and that its files changed), at the commit of
 * `tx`. The library folder belongs to nobody: its readers poll while it syncs.
 */
export async function announce(
  deps: Pick<CloudDrivesDeps, 'publishLive' | 'now'>,
  row: DriveConnectionRow,
  tx: Database,
  options: { filesChanged?: boolean; jobState?: JobState | null } = {},
): Promise<void> {
  if (row.userId === null) return;
  const status =
    options.jobState === undefined ? toSyncStatus(row, deps.now()) : statusOf(row, deps.now(), options.jobState);
  await deps.publishLive(row.userId, { type: 'cloud-drives.sync', status }, tx);
  if (options.filesChanged) await deps.publishLive(row.userId, { type: 'cloud-drives.changed' }, tx);
}
