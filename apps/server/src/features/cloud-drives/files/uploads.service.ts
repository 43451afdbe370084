import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  cloudFileId,
  CloudDriveLimits,
  CloudDriveMessages,
  DRIVE_FILE_TYPE_INFO,
  DRIVE_PROVIDER_LABELS,
  extensionOf,
  fileSizeLabel,
  uploadRefusal,
  stripBidiControls,
  type DriveFileType,
  type UploadResult,
} from '@bookshelf/contract';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, invalidField } from '../../../platform/errors.js';
import { createRateLimiter, type RateLimitRule } from '../../../platform/rate-limit.js';
import { quotaExceeded } from '../../../platform/storage/storage-quota.js';
import type { CloudDrivesParts } from '../cloud-drives.parts.js';
import { SNIFF_BYTES, sniffBookType, zipBookType } from './book-file-type.js';
import { queueThumbnails } from '../thumbnails/thumbnail-queue.js';
import { toCloudFile } from './cloud-file-view.js';
import type { FilesRepository } from './files.repository.js';
import { bufferOf, cappedBody, drain, readHead, UploadTooLargeError } from './upload-stream.js';
import { centralDirectory, readSmallEntry, ZIP_TAIL_BYTES } from './zip-entries.js';

/** One file of the form, as the route hands it over: its name as sent and its bytes, not yet read. */
export interface IncomingFile {
  filename: string;
  stream: Readable;
}

interface StoredUpload {
  uuid: string;
  key: string;
  name: string;
  type: DriveFileType;
  size: number;
}

/** A zip's central directory larger than this is not looked into (a comic of many thousand pages is ~1 MB). */
const CENTRAL_DIRECTORY_MAX_BYTES = 8 * 1024 * 1024;

/** The name without any folder a browser or script put before it, without control characters, not too long. */
export function uploadName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = stripBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  if (clean.length <= 255) return clean || 'upload';
  const ext = extensionOf(clean);
  return ext && ext.length < 20 ? `${clean.slice(0, 254 - ext.length)}.${ext}` : clean.slice(0, 255);
}

const tooLarge = (maxBytes: number) => {
  const message = CloudDriveMessages.uploadTooLarge(fileSizeLabel(maxBytes));
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, {}, [{ path: 'file', message }]);
};
const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: string }).code ?? '');

/**
 * Book files a reader uploads into their own "My Uploads" drive (decision 050). Each file's type comes from
 * its bytes (book-file-type.ts); its bytes stream to the storage seam under a generated key with the size cap
 * enforced as they pass, never held in memory. The rows are written only once every file is stored, in one
 * transaction: a refused request, a failed storage or a failed transaction deletes the blobs it stored, so no
 * row ever names a missing blob and no blob outlives its request.
 */
/** Upload requests per reader: the quota bounds what is kept, this how fast it churns (issue 27: 320 MB in 2 s). */
export const UPLOAD_RATE: RateLimitRule = { service: 'file uploads', limit: 120, window: 'hour' };

export function createUploadsService(parts: CloudDrivesParts, { files }: { files: FilesRepository }) {
  const { db, storage, now, publishLive, log, quota } = parts;
  const limiter = createRateLimiter(db, now);
  const maxBytes = parts.config.uploadMaxBytes ?? CloudDriveLimits.uploadMaxBytes;

  const readRange = async (key: string, start: number, end: number) =>
    bufferOf((await storage.get(key, { range: { start, end } })).stream);

  /** A zip, placed by its central directory (book-file-type.ts zipBookType). */
  async function zipType(key: string, size: number, name: string): Promise<DriveFileType | null> {
    const read = (start: number, end: number) => readRange(key, start, end);
    const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
    const entries = await centralDirectory(await read(tailStart, size - 1), size, read, CENTRAL_DIRECTORY_MAX_BYTES);
    if (!entries) return null;
    return zipBookType(entries, name, (entry, max) => readSmallEntry(entry, size, read, max));
  }

  const deleteBlobs = (keys: Iterable<string>) =>
    Promise.all(
      [...keys].map((key) =>
        storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete an upload blob')),
      ),
    );

  return {
    maxBytes,

    async upload(userId: string, incoming: AsyncIterable<IncomingFile>): Promise<UploadResult> {
      const keys = new Set<string>();
      const stored: StoredUpload[] = [];
      const rejected: UploadResult['rejected'] = [];
      const refuse = (name: string) => rejected.push({ name, error: uploadRefusal(name) });
      // What the reader's space still holds; a file that would pass it is cut off as it streams.
      let left = Infinity;
      let cutByQuota = false;
      try {
        await limiter.hit(`uploads:${userId}`, UPLOAD_RATE);
        if (quota) left = await quota.remaining(userId);
        for await (const file of incoming) {
          const name = uploadName(file.filename);
          const head = await readHead(file.stream, SNIFF_BYTES);
          const sniffed = sniffBookType(head.head, name, head.ended);
          if (sniffed === null) {
            await drain(head);
            refuse(name);
            continue;
          }
          const uuid = randomUUID();
          const key = `drive-uploads/${userId}/${uuid}`;
          keys.add(key);
          const contentType = sniffed === 'zip' ? undefined : DRIVE_FILE_TYPE_INFO[sniffed].mimeTypes[0];
          cutByQuota = left < maxBytes;
          const { size } = await storage.put(key, cappedBody(head, Math.min(maxBytes, left)), { contentType });
          left -= size;
          const type = sniffed === 'zip' ? await zipType(key, size, name) : sniffed;
          if (type === null) {
            left += size;
            keys.delete(key);
            await deleteBlobs([key]);
            refuse(name);
            continue;
          }
          stored.push({ uuid, key, name, type, size });
        }
        if (stored.length === 0) {
          if (rejected.length === 0) throw invalidField('file', CloudDriveMessages.noFile);
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            rejected[0]!.error,
            {},
            rejected.map((r) => ({ path: 'file', message: `${r.name}: ${r.error}` })),
          );
        }
        const at = now();
        const added = await inTransaction(db, async (tx) => {
          // Again under the reader's lock: another upload may have used the space meanwhile.
          await quota?.reserve(
            userId,
            stored.reduce((total, s) => total + s.size, 0),
            tx,
          );
          const connectionId = await files.uploadsConnection(userId, DRIVE_PROVIDER_LABELS.uploads, at, tx);
          await files.insertFiles(
            stored.map((s) => ({
              id: cloudFileId('uploads', s.uuid),
              connectionId,
              externalId: s.uuid,
              name: s.name,
              fileType: s.type,
              mimeType: DRIVE_FILE_TYPE_INFO[s.type].mimeTypes[0] ?? null,
              size: s.size,
              modifiedAt: at,
              hasThumbnail: false,
              parentFolder: null,
              storageKey: s.key,
              syncedAt: at,
            })),
            tx,
          );
          await queueThumbnails(tx, { id: connectionId, userId }, parts.wakeJobs);
          await publishLive(userId, { type: 'cloud-drives.changed' }, tx);
          return files.list(
            { userId, withLibrary: false },
            { ids: stored.map((s) => cloudFileId('uploads', s.uuid)) },
            tx,
          );
        });
        return { files: added.map(toCloudFile), rejected };
      } catch (error) {
        await deleteBlobs(keys);
        if (error instanceof UploadTooLargeError) {
          throw cutByQuota ? quotaExceeded(Math.max(0, left)) : tooLarge(maxBytes);
        }
        if (isDiskFull(error)) throw new AppError(507, 'INSUFFICIENT_STORAGE', CloudDriveMessages.storageFull);
        throw error;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
