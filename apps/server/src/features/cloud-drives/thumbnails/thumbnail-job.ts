import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { CloudDriveMessages } from '@bookshelf/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { driveConnections, driveFiles } from '../../../db/schema/index.js';
import { defineJob, type JobContext } from '../../../platform/jobs/job-definition.js';
import { BlobNotFoundError, BlobRangeError } from '../../../platform/storage/blob-store.js';
import type { CloudDrivesParts, ConnectionTokens } from '../cloud-drives.parts.js';
import { ProviderError } from '../providers/provider.js';
import { makeThumbnail, THUMBNAIL_TYPES, type BookBytes } from './make-thumbnail.js';
import { queueThumbnails, thumbnailKey, THUMBNAILS_JOB } from './thumbnail-queue.js';

/**
 * Files looked at in one run, and the longest a run goes on: then it hands its place back (the runner has
 * two) and a new run carries on shortly, as the cover finder does, so a library of thousands never holds
 * syncs, imports or deliveries up.
 */
export const FILES_PER_RUN = 20;
const RUN_MS = 20_000;
const NEXT_RUN_AFTER_MS = 2_000;
/** The most of one file a thumbnail may read (ranges added up): a cover is near the start or the end. */
export const READ_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * The version of a file a thumbnail is made from: a changed file (a new version, size or modification time)
 * is looked at again; one that had no cover is not looked at again until it changes.
 */
const sourceOf = sql<string>`concat_ws(':', ${driveFiles.version}, ${driveFiles.size}::text, extract(epoch from ${driveFiles.modifiedAt})::text)`;

/** A read of the file failed (the drive, the network, the storage): worth a later try, not a verdict on the file. */
class ReadFailed extends Error {
  constructor(cause: unknown) {
    super('reading the file failed', { cause });
    this.name = 'ReadFailed';
  }
}

/** The file is not there any more, or is shorter than listed: no cover, and no reason to try again. */
const gone = (error: unknown) =>
  error instanceof BlobNotFoundError ||
  error instanceof BlobRangeError ||
  (error instanceof ProviderError && (error.status === 404 || error.status === 416));

async function collect(stream: Readable, skip: number, take: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let skipped = 0;
  let taken = 0;
  try {
    for await (const raw of stream) {
      signal.throwIfAborted();
      let chunk = raw as Buffer;
      if (skipped < skip) {
        const drop = Math.min(skip - skipped, chunk.length);
        skipped += drop;
        chunk = chunk.subarray(drop);
      }
      if (chunk.length === 0) continue;
      const keep = chunk.subarray(0, take - taken);
      chunks.push(keep);
      taken += keep.length;
      if (taken >= take) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, taken);
}

export type ThumbnailDeps = Pick<CloudDrivesParts, 'db' | 'storage' | 'providers' | 'publishLive' | 'log'> & {
  tokens: ConnectionTokens;
  filesPerRun?: number;
};

/**
 * Cover thumbnails of a connection's book files (issue 27, decision 056-thumbnails): the first page of
 * a PDF, an EPUB's or FB2's cover, a CBZ's first page, each read by ranges through the connection's own
 * provider and token (or the storage seam for uploads), made into a WebP and stored under its hash. A file
 * that has no cover or cannot be read as a book is marked looked-at for its version and never holds the job
 * up; a drive that fails to answer fails the run, which the runner retries a few times and the next sync
 * queues again.
 */
export function createThumbnailJob(deps: ThumbnailDeps) {
  const { db, storage, providers, tokens, log, filesPerRun = FILES_PER_RUN } = deps;

  function bytesOf(
    file: { connectionId: string; externalId: string; size: number; storageKey: string | null },
    provider: string,
    signal: AbortSignal,
  ): BookBytes {
    let budget = READ_BUDGET_BYTES;
    const readRange = async (start: number, end: number): Promise<Buffer> => {
      const length = end - start + 1;
      budget -= length;
      if (budget < 0) throw new Error('the cover is further in than a thumbnail may read');
      try {
        if (provider === 'uploads') {
          if (!file.storageKey) throw new BlobNotFoundError('');
          const blob = await storage.get(file.storageKey, { range: { start, end } });
          return await collect(blob.stream, 0, length, signal);
        }
        const source = providers.providerFor(provider);
        if (!source) throw new ProviderError(CloudDriveMessages.providerNotConfigured(provider), null);
        const download = await tokens.withAuth(
          file.connectionId,
          (auth) => source.download(auth, file.externalId, { start, end }, signal),
          signal,
        );
        // A source that ignored the range answered the whole file: the bytes before it are skipped.
        return await collect(download.stream, download.status === 200 ? start : 0, length, signal);
      } catch (error) {
        throw gone(error) ? error : new ReadFailed(error);
      }
    };
    return { size: file.size, readRange };
  }

  async function run({ connectionId }: { connectionId: string }, context: JobContext) {
    const [connection] = await db.select().from(driveConnections).where(eq(driveConnections.id, connectionId));
    if (!connection?.isActive) return { skipped: true };
    const started = Date.now();
    const retryLater: string[] = [];
    let made = 0;
    let looked = 0;
    // Once a run, not per file: the owner's open pages fetch the list again and show what was made. The
    // library folder belongs to nobody; its readers see the thumbnails the next time their list loads.
    const tell = async () => {
      if (made > 0 && connection.userId) await deps.publishLive(connection.userId, { type: 'cloud-drives.changed' });
    };
    for (;;) {
      const [file] = await db
        .select({
          id: driveFiles.id,
          connectionId: driveFiles.connectionId,
          externalId: driveFiles.externalId,
          fileType: driveFiles.fileType,
          size: driveFiles.size,
          storageKey: driveFiles.storageKey,
          source: sourceOf,
        })
        .from(driveFiles)
        .where(
          and(
            eq(driveFiles.connectionId, connectionId),
            eq(driveFiles.isDeleted, false),
            inArray(driveFiles.fileType, [...THUMBNAIL_TYPES]),
            sql`${driveFiles.thumbnailOf} is distinct from ${sourceOf}`,
            retryLater.length ? notInArray(driveFiles.id, retryLater) : undefined,
          ),
        )
        .orderBy(driveFiles.id)
        .limit(1);
      if (!file) break;
      if (looked >= filesPerRun || Date.now() - started > RUN_MS) {
        await queueThumbnails(db, connection, undefined, new Date(Date.now() + NEXT_RUN_AFTER_MS));
        await tell();
        return { made, looked, continued: true };
      }
      looked += 1;
      let hash: string | null = null;
      try {
        const thumbnail =
          file.size > 0
            ? await makeThumbnail(file.fileType, bytesOf(file, connection.provider, context.signal), context.signal)
            : null;
        if (thumbnail) {
          hash = createHash('sha256').update(thumbnail).digest('hex');
          if (!(await storage.exists(thumbnailKey(hash)))) {
            await storage.put(thumbnailKey(hash), Readable.from([thumbnail]), { contentType: 'image/webp' });
          }
        }
      } catch (error) {
        if (context.signal.aborted) throw error;
        if (error instanceof ReadFailed) {
          const cause = error.cause;
          // A drive that needs reconnecting answers nothing until it is: stop quietly, its next sync asks again.
          if (cause instanceof Error && cause.message === CloudDriveMessages.tokenRefreshFailed) {
            await tell();
            return { made, looked, stopped: 'reconnect' };
          }
          log.warn({ err: cause, fileId: file.id }, 'could not read a file for its thumbnail');
          retryLater.push(file.id);
          continue;
        }
        // Not a book we can read a cover from (a broken PDF, a hostile archive): it gets none.
        log.info({ err: error, fileId: file.id }, 'no thumbnail for a file');
      }
      // Only for the version looked at: a file that changed meanwhile is looked at again.
      await db
        .update(driveFiles)
        .set({ thumbnailHash: hash, thumbnailOf: file.source })
        .where(and(eq(driveFiles.id, file.id), sql`${sourceOf} = ${file.source}`));
      if (hash) made += 1;
      await context.progress({ current: looked, phase: 'Making thumbnails' });
    }
    await tell();
    if (retryLater.length > 0) {
      // The runner tries again later (a few times); what was made is kept and not made again.
      throw new Error(`${retryLater.length} file(s) could not be read for a thumbnail`);
    }
    return { made, looked };
  }

  return defineJob({
    kind: THUMBNAILS_JOB,
    payload: z.object({ connectionId: z.string().uuid() }),
    retry: { attempts: 3, baseDelayMs: 30_000, factor: 2, maxDelayMs: 300_000, jitterMs: 5_000 },
    run,
  });
}
