import { CloudDriveMessages, DRIVE_PROVIDER_LABELS, ErrorCode, type DriveProvider } from '@bookshelf/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { driveConnections, type DriveConnectionRow } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../platform/errors.js';
import { defineJob, type JobContext, type JobDefinition } from '../../../platform/jobs/job-definition.js';
import type { CloudDrivesParts, ConnectionTokens } from '../cloud-drives.parts.js';
import { ProviderError, type FileProvider, type ProviderAuth } from '../providers/provider.js';
import { queueThumbnails } from '../thumbnails/thumbnail-queue.js';
import { markRemoved, markUnseenRemoved, upsertFiles } from './sync-files.js';
import { announce } from './sync-rows.js';
import {
  nextSyncAfter,
  phaseProgress,
  PROGRESS_TOTAL,
  readSyncPoint,
  SYNC_JOB,
  writeSyncPoint,
  type ListingPoint,
} from './sync-status.js';

export type SyncDeps = Pick<CloudDrivesParts, 'db' | 'providers' | 'publishLive' | 'now' | 'log' | 'wakeJobs'> & {
  tokens: ConnectionTokens;
};

export const SyncPayloadSchema = z.object({ connectionId: z.string().uuid(), full: z.boolean().optional() });
export type SyncPayload = z.infer<typeof SyncPayloadSchema>;

/**
 * The runner retries a failed sync up to the connection's own maxRetries (at most 10, UpdateSyncConfigRequest):
 * the job allows the most, and the handler gives up earlier for a connection that allows fewer.
 */
export const SYNC_RETRY = { attempts: 11, baseDelayMs: 2_000, factor: 2, maxDelayMs: 60_000, jitterMs: 1_000 };

const FAILED = 'Failed to sync files';

/** Another sync took the connection over (it was stopped, or a second run of this job moved on): stop quietly. */
class Superseded extends Error {
  constructor() {
    super('sync superseded');
  }
}

/** A provider's or our own message is the reader's to read; anything else is the spec's generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof ProviderError || error instanceof AppError) return error.message;
  if (error instanceof Error && error.message === CloudDriveMessages.tokenRefreshFailed) return error.message;
  return FAILED;
}

/** Failures another try would not cure: a refused token, a missing or unconfigured connection, bad requests. */
function retryable(error: unknown): boolean {
  if (error instanceof Error && error.message === CloudDriveMessages.tokenRefreshFailed) return false;
  if (error instanceof AppError) return error.statusCode >= 500;
  if (error instanceof ProviderError) {
    return error.status === null || error.status >= 500 || error.status === 429 || error.status === 408;
  }
  return true;
}

/** The provider turned down a cursor or page token (Graph's 410 resyncRequired, an expired Drive page token). */
const refusedCursor = (error: unknown) =>
  error instanceof ProviderError && (error.status === 410 || error.status === 400 || error.status === 404);

type ConnectionChanges = Partial<typeof driveConnections.$inferInsert>;

/**
 * The sync of one connection (decision 049). Each page of the provider's answer is written in one transaction
 * that also moves the connection's sync point on, and every write first checks that this job is still the
 * connection's sync: a run cut off anywhere goes on from the last page it committed, and nothing is counted or
 * written twice.
 */
export function syncJob(deps: SyncDeps): JobDefinition {
  const { db, providers, tokens, now } = deps;

  async function run({ connectionId, full = false }: SyncPayload, context: JobContext) {
    const jobId = context.job.id;
    const [first] = await db.select().from(driveConnections).where(eq(driveConnections.id, connectionId));
    if (!first || first.syncJobId !== jobId) return { skipped: true };

    /**
     * Changes the connection in a transaction holding its row, while this job is its sync (and, when given,
     * while its sync point is still `expected`); tells its owner's pages.
     */
    async function step(
      work: (tx: Database, row: DriveConnectionRow) => Promise<ConnectionChanges>,
      options: { expected?: string | null; filesChanged?: (row: DriveConnectionRow) => boolean } = {},
    ): Promise<DriveConnectionRow> {
      const row = await inTransaction(db, async (tx) => {
        const [locked] = await tx
          .select()
          .from(driveConnections)
          .where(and(eq(driveConnections.id, connectionId), eq(driveConnections.syncJobId, jobId)))
          .for('update');
        if (!locked || (options.expected !== undefined && locked.syncPageToken !== options.expected)) {
          throw new Superseded();
        }
        const changes = await work(tx, locked);
        const [next] = await tx
          .update(driveConnections)
          .set({ ...changes, updatedAt: now() })
          .where(eq(driveConnections.id, connectionId))
          .returning();
        // A step that changed nothing (a resumed phase) has nothing to tell.
        if (Object.keys(changes).length > 0) {
          await announce(deps, next!, tx, { filesChanged: options.filesChanged?.(next!) ?? false });
        }
        return next!;
      });
      await context.progress({ current: row.syncCurrent, total: PROGRESS_TOTAL, phase: row.syncPhase });
      return row;
    }

    let row = first;
    const signal = context.signal;
    try {
      row = await step(async (_, locked) =>
        locked.syncState === 'syncing' ? {} : { syncState: 'syncing', syncError: null, ...phaseProgress('connecting') },
      );
      if (!row.isActive) throw new AppError(404, ErrorCode.notFound, CloudDriveMessages.connectionNotFound);
      const provider = providers.providerFor(row.provider);
      if (!provider) {
        const label = DRIVE_PROVIDER_LABELS[row.provider as DriveProvider] ?? row.provider;
        throw new AppError(404, ErrorCode.notFound, CloudDriveMessages.providerNotConfigured(label));
      }
      const call = <T>(fn: (auth: ProviderAuth) => Promise<T>) => tokens.withAuth(connectionId, fn, signal);

      let point = readSyncPoint(row.syncPageToken);
      const incremental = point?.mode === 'changes' || (point === null && !full && row.syncIncremental);
      if (incremental && (point?.mode === 'changes' || row.syncCursor !== null)) {
        const from = point?.mode === 'changes' ? point.next : row.syncCursor!;
        const finished = await changes(provider, call, from);
        if (finished) row = finished;
        else point = null;
      }
      if (row.syncPhase !== 'saving') row = await listing(provider, call, point?.mode === 'list' ? point : null);

      const at = now();
      await step(
        async (tx, locked) => {
          // New and changed books get their cover thumbnails next, in a job of their own (issue 27).
          await queueThumbnails(tx, locked, deps.wakeJobs);
          return {
            syncState: 'completed',
            syncPhase: null,
            syncCurrent: PROGRESS_TOTAL,
            syncTotal: PROGRESS_TOTAL,
            syncError: null,
            syncFinishedAt: at,
            lastSyncAt: at,
            nextSyncAt: nextSyncAfter(locked, at),
          };
        },
        { filesChanged: (r) => r.filesAdded + r.filesUpdated + r.filesRemoved > 0 },
      );
      return { added: row.filesAdded, updated: row.filesUpdated, removed: row.filesRemoved };
    } catch (error) {
      // A cancel, a graceful stop or a lost lease: the runner records it; the stop route already set the row.
      if (signal.aborted) throw error;
      if (error instanceof Superseded) return { stopped: true };
      const message = failureMessage(error);
      const final = !retryable(error) || context.job.attempts > row.syncMaxRetries;
      const at = now();
      try {
        await step(async (_, locked) => ({
          syncState: 'error',
          syncPhase: null,
          syncError: message,
          syncFinishedAt: at,
          // Given up: background sync tries again at its next interval.
          ...(final ? { nextSyncAt: nextSyncAfter(locked, at) } : {}),
        }));
      } catch (writeError) {
        if (writeError instanceof Superseded) return { stopped: true };
        throw writeError;
      }
      deps.log.warn({ err: error, connectionId, attempt: context.job.attempts, final }, 'drive sync failed');
      if (final) return { error: message };
      throw error;
    }

    /**
     * An incremental sync from `cursor`: changed files written, removed ones marked, page by page; the new
     * cursor stored with the last. Answers the row, or null when the provider refused the cursor (the caller
     * then lists everything).
     */
    async function changes(
      provider: FileProvider,
      call: <T>(fn: (auth: ProviderAuth) => Promise<T>) => Promise<T>,
      cursor: string,
    ): Promise<DriveConnectionRow | null> {
      let current = await step(async (_, locked) => (locked.syncPhase === 'fetching' ? {} : phaseProgress('fetching')));
      // The sync point as last committed: null when starting from the stored cursor.
      let stored = current.syncPageToken;
      let next = cursor;
      for (;;) {
        let page;
        try {
          page = await call((auth) => provider.changesPage(auth, next, signal));
        } catch (error) {
          if (!refusedCursor(error)) throw error;
          await step(async () => ({ syncPageToken: null, syncCursor: null }), { expected: stored });
          return null;
        }
        const last = page.nextPageToken === null;
        const written = last ? null : writeSyncPoint({ mode: 'changes', next: page.nextPageToken! });
        const from = next;
        current = await step(
          async (tx, locked) => {
            const at = now();
            const counts = await upsertFiles(tx, locked, page.changed, locked.syncGeneration, locked.syncBatchSize, at);
            const removed = await markRemoved(tx, locked.id, page.removed, at);
            return {
              filesAdded: locked.filesAdded + counts.added,
              filesUpdated: locked.filesUpdated + counts.updated,
              filesRemoved: locked.filesRemoved + removed,
              syncPageToken: written,
              ...(last ? { syncCursor: page.newCursor ?? from, ...phaseProgress('saving') } : {}),
            };
          },
          { expected: stored },
        );
        if (last) return current;
        stored = written;
        next = page.nextPageToken!;
      }
    }

    /** A full listing, from the start or from where `resume` stopped; then the unseen files are removed. */
    async function listing(
      provider: FileProvider,
      call: <T>(fn: (auth: ProviderAuth) => Promise<T>) => Promise<T>,
      resume: ListingPoint | null,
      restarted = false,
    ): Promise<DriveConnectionRow> {
      let point: ListingPoint;
      let current: DriveConnectionRow;
      if (resume) {
        point = resume;
        current = await step(
          async (_, locked) => (resume.done || locked.syncPhase === 'fetching' ? {} : phaseProgress('fetching')),
          { expected: writeSyncPoint(resume) },
        );
      } else {
        // Taken before listing: what changes while a long listing runs is found by the next incremental sync.
        const cursor = await call((auth) => provider.startCursor(auth, signal));
        current = await step(async (_, locked) => {
          point = { mode: 'list', generation: locked.syncGeneration + 1, cursor, next: null, done: false };
          return {
            syncGeneration: point.generation,
            syncPageToken: writeSyncPoint(point),
            ...phaseProgress('fetching'),
          };
        });
        point = readSyncPoint(current.syncPageToken) as ListingPoint;
      }
      while (!point.done) {
        let page;
        try {
          page = await call((auth) => provider.listPage(auth, point.next, signal));
        } catch (error) {
          // A page token the provider no longer takes (expired, or naming what is gone) would fail every
          // later resume the same way: the listing starts again, once, under a new generation.
          if (point.next === null || !refusedCursor(error) || restarted) throw error;
          await step(async () => ({ syncPageToken: null }), { expected: writeSyncPoint(point) });
          return listing(provider, call, null, true);
        }
        const after: ListingPoint = { ...point, next: page.nextPageToken, done: page.nextPageToken === null };
        const generation = point.generation;
        current = await step(
          async (tx, locked) => {
            const counts = await upsertFiles(tx, locked, page.files, generation, locked.syncBatchSize, now());
            return {
              filesAdded: locked.filesAdded + counts.added,
              filesUpdated: locked.filesUpdated + counts.updated,
              syncPageToken: writeSyncPoint(after),
            };
          },
          { expected: writeSyncPoint(point) },
        );
        point = after;
      }
      const done = point;
      current = await step(
        async (tx, locked) => {
          const removed = await markUnseenRemoved(tx, locked.id, done.generation, now());
          return { filesRemoved: locked.filesRemoved + removed, ...phaseProgress('processing') };
        },
        { expected: writeSyncPoint(done) },
      );
      return step(async () => ({ syncCursor: done.cursor, syncPageToken: null, ...phaseProgress('saving') }), {
        expected: writeSyncPoint(done),
      });
    }
  }

  return defineJob({ kind: SYNC_JOB, payload: SyncPayloadSchema, retry: SYNC_RETRY, run });
}
