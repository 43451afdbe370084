import {
  CloudDriveLimits,
  SYNC_PHASE_PERCENT,
  SYNC_STATES,
  type SyncConfig,
  type SyncPhase,
  type SyncState,
  type SyncStatus,
} from '@bookshelf/contract';
import { z } from 'zod';
import type { DriveConnectionRow } from '../../../db/schema/cloud-drives.js';

export const SYNC_JOB = 'cloud-drives.sync';
export const SYNC_DUE_JOB = 'cloud-drives.sync-due';
/** The schedule that starts due background syncs (decision 049). */
export const SYNC_DUE_SCHEDULE = { name: 'cloud-drives.sync-due', cron: '* * * * *', kind: SYNC_DUE_JOB };

/** Progress is a percentage: each phase starts at core.md §4's share, completion is 100. */
export const PROGRESS_TOTAL = 100;
export const phaseProgress = (phase: SyncPhase) => ({
  syncPhase: phase,
  syncCurrent: SYNC_PHASE_PERCENT[phase],
  syncTotal: PROGRESS_TOTAL,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The status a reader sees. A finished sync (completed or error) reads idle again after five seconds: worked
 * out when read, so no timer has to outlive a restart.
 */
export function toSyncStatus(row: DriveConnectionRow, now: Date): SyncStatus {
  const state: SyncState = (SYNC_STATES as readonly string[]).includes(row.syncState)
    ? (row.syncState as SyncState)
    : 'idle';
  const settled =
    (state === 'completed' || state === 'error') &&
    row.syncFinishedAt !== null &&
    now.getTime() - row.syncFinishedAt.getTime() >= CloudDriveLimits.idleAfterMs;
  return {
    connectionId: row.id,
    status: settled ? 'idle' : state,
    lastSyncAt: iso(row.lastSyncAt),
    nextSyncAt: iso(row.nextSyncAt),
    progress: { current: row.syncCurrent, total: row.syncTotal, phase: row.syncPhase },
    filesAdded: row.filesAdded,
    filesUpdated: row.filesUpdated,
    filesRemoved: row.filesRemoved,
    error: row.syncError,
  };
}

export const toSyncConfig = (row: DriveConnectionRow): SyncConfig => ({
  enabled: row.syncEnabled,
  intervalMinutes: row.syncIntervalMinutes,
  maxRetries: row.syncMaxRetries,
  batchSize: row.syncBatchSize,
  incrementalSync: row.syncIncremental,
});

/** When background sync next runs after `from`; null when it is off (manual only). */
export const nextSyncAfter = (row: Pick<DriveConnectionRow, 'syncEnabled' | 'syncIntervalMinutes'>, from: Date) =>
  row.syncEnabled ? new Date(from.getTime() + row.syncIntervalMinutes * 60_000) : null;

/**
 * Where an unfinished sync stands, kept in `sync_page_token` and written with each page's files:
 * - a full listing: its generation, the change cursor taken before it began, the next page to ask for, and
 *   whether every page is in;
 * - an incremental sync: the next page of changes.
 */
const SyncPointSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('list'),
    generation: z.number().int(),
    cursor: z.string().nullable(),
    next: z.string().nullable(),
    done: z.boolean(),
  }),
  z.object({ mode: z.literal('changes'), next: z.string() }),
]);
export type SyncPoint = z.infer<typeof SyncPointSchema>;
export type ListingPoint = Extract<SyncPoint, { mode: 'list' }>;

export function readSyncPoint(stored: string | null): SyncPoint | null {
  if (stored === null) return null;
  try {
    const parsed = SyncPointSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const writeSyncPoint = (point: SyncPoint | null) => (point === null ? null : JSON.stringify(point));
