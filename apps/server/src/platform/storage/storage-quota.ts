import { StorageMessages, type StorageUsage } from '@bookshelf/contract';
import { and, eq, isNotNull, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookImages, driveConnections, driveFiles } from '../../db/schema/index.js';
import { AppError } from '../errors.js';

/** STORAGE_QUOTA_BYTES' default: room for a few hundred books of files and photos each. */
export const DEFAULT_STORAGE_QUOTA_BYTES = 5 * 1024 ** 3;

export const quotaExceeded = (left: number) =>
  new AppError(413, 'QUOTA_EXCEEDED', StorageMessages.quotaExceeded(left), {}, [
    { path: 'file', message: StorageMessages.quotaExceeded(left) },
  ]);

/**
 * Each reader's storage space (issue 27): what the server keeps of theirs, uploaded book files and photos of
 * their books, against STORAGE_QUOTA_BYTES (null: no limit). Uploads check `remaining` before they stream,
 * then `reserve` in the transaction that writes their rows: it holds the reader's lock, so two uploads at
 * once cannot both fit into the last free space.
 */
export function createStorageQuota(db: Database, quotaBytes: number | null) {
  async function usedBytes(userId: string, tx: Database = db): Promise<number> {
    const [files] = await tx
      .select({ bytes: sum(driveFiles.size) })
      .from(driveFiles)
      .innerJoin(driveConnections, eq(driveConnections.id, driveFiles.connectionId))
      .where(and(eq(driveConnections.userId, userId), isNotNull(driveFiles.storageKey)));
    const [photos] = await tx
      .select({ bytes: sum(bookImages.bytes) })
      .from(bookImages)
      .where(eq(bookImages.userId, userId));
    return Number(files?.bytes ?? 0) + Number(photos?.bytes ?? 0);
  }

  return {
    quotaBytes,
    async usage(userId: string): Promise<StorageUsage> {
      return { usedBytes: await usedBytes(userId), quotaBytes };
    },
    /** Bytes the reader may still store (Infinity without a limit); a stream is cut off past it. */
    async remaining(userId: string): Promise<number> {
      return quotaBytes === null ? Infinity : Math.max(0, quotaBytes - (await usedBytes(userId)));
    },
    /** Inside the transaction that records `bytes` more for the reader: a 413 when they do not fit. */
    async reserve(userId: string, bytes: number, tx: Database): Promise<void> {
      if (quotaBytes === null) return;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage-quota:${userId}`}, 0))`);
      const left = quotaBytes - (await usedBytes(userId, tx));
      if (bytes > left) throw quotaExceeded(left);
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
