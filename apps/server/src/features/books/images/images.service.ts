import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BookImagePaths,
  formatImageSize,
  ImageLimits,
  ImageMessages,
  type BookImage,
  type BookImageList,
} from '@bookshelf/contract';
import type { Database } from '../../../db/client.js';
import type { BookImageRow } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import type { Access } from '../../../platform/access/access.js';
import { invalidField, notFound } from '../../../platform/errors.js';
import type { createRateLimiter, RateLimitRule } from '../../../platform/rate-limit.js';
import { BlobNotFoundError, type BlobStore } from '../../../platform/storage/blob-store.js';
import { diskFull, isDiskFull } from '../../../platform/storage/disk-full.js';
import type { StorageQuota } from '../../../platform/storage/storage-quota.js';
import type { BooksRepository } from '../books.repository.js';
import { bookAccess } from '../books.service.js';
import { sniffImageType } from './image-type.js';
import { createImagesRepository } from './images.repository.js';
import { reencodeImage, UnreadableImageError } from './reencode-image.js';

export interface ImagesServiceDeps {
  db: Database;
  books: BooksRepository;
  access: Access;
  storage: BlobStore;
  limiter: ReturnType<typeof createRateLimiter>;
  /** Bumps the owner's data version (the book's ETag) and tells their open pages, in the change's transaction. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  /** Where a blob that could not be deleted is reported; the photo itself is gone either way. */
  warn?: (message: string, error: unknown) => void;
  /** Each reader's storage space (STORAGE_QUOTA_BYTES), shared with uploaded files; none: no limit. */
  quota?: StorageQuota;
}

/** Re-encoding takes a CPU for a moment: enough for a reader's photos, not for a script's loop. */
export const IMAGE_UPLOAD_RATE: RateLimitRule = { service: 'photo uploads', limit: 120, window: 'hour' };

const urlOf = (row: Pick<BookImageRow, 'bookId' | 'id' | 'hash'>) => BookImagePaths.file(row.bookId, row.id, row.hash);
const toBookImage = (row: BookImageRow): BookImage => ({
  id: row.id,
  url: urlOf(row),
  bytes: row.bytes,
  width: row.width,
  height: row.height,
});
const keyOf = (userId: string, bookId: string, imageId: string) => `book-images/${userId}/${bookId}/${imageId}.jpg`;

const tooMany = () => invalidField('file', ImageMessages.tooMany);

/**
 * Photos of a reader's copy (issue 13). An upload is checked by its bytes, re-encoded (which strips EXIF and
 * its GPS position), stored under a generated name, and only then recorded: the row and the book's address
 * list change in one transaction holding the book, so no two uploads together pass 5 photos or the budget,
 * and no row ever names a blob that is not there. A refused or failed upload deletes the blob it stored.
 */
export function createImagesService(deps: ImagesServiceDeps) {
  const { db, books, access, storage, limiter, changed, warn, quota } = deps;
  const images = createImagesRepository(db);
  const deleteBlob = (key: string) =>
    storage.delete(key).catch((error: unknown) => warn?.(`could not delete the photo blob ${key}`, error));

  /** The book, when the caller may change it: another reader's book answers 404 like a missing one. */
  const changeable = async (userId: string, bookId: string, tx?: Database) =>
    access.requireChangeable({ userId }, await (tx ? books.lock(bookId, tx) : books.find(bookId)), bookAccess);

  async function encode(bytes: Buffer) {
    if (!sniffImageType(bytes)) throw invalidField('file', ImageMessages.invalidType);
    try {
      return await reencodeImage(bytes);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw invalidField('file', ImageMessages.processingFailed);
      throw error;
    }
  }

  return {
    /** The book's uploaded photos, in the order of its `images`. */
    async list(userId: string, bookId: string): Promise<BookImageList> {
      const book = await access.requireVisible({ userId }, await books.find(bookId), bookAccess);
      const position = new Map(book.images.map((url, i) => [url, i]));
      const rows = await images.list(bookId);
      const items = rows.map(toBookImage);
      items.sort((a, b) => (position.get(a.url) ?? Infinity) - (position.get(b.url) ?? Infinity));
      return { items };
    },

    /** Adds a photo to the book, or puts it in the place of `replace` (Enhance Quality). */
    async upload(userId: string, bookId: string, bytes: Buffer, replace?: string): Promise<BookImage> {
      // Cheap refusals first, before a CPU spends time on the picture.
      const book = await changeable(userId, bookId);
      if (!replace && book.images.length >= ImageLimits.maxPerBook) throw tooMany();
      await limiter.hit(`book-images:${userId}`, IMAGE_UPLOAD_RATE);
      const encoded = await encode(bytes);

      const id = randomUUID();
      const key = keyOf(book.userId, bookId, id);
      const hash = createHash('sha256').update(encoded.data).digest('hex');
      let result: { row: BookImageRow; replaced: BookImageRow | undefined };
      try {
        await storage.put(key, Readable.from([encoded.data]), { contentType: encoded.contentType });
        result = await inTransaction(db, async (tx) => {
          const current = await changeable(userId, bookId, tx);
          const replaced = replace === undefined ? undefined : await images.find(bookId, replace, tx);
          if (replace !== undefined && !replaced) throw notFound(ImageMessages.notFound);
          const replacedUrl = replaced && urlOf(replaced);
          const others = current.images.filter((url) => url !== replacedUrl).length;
          if (others + 1 > ImageLimits.maxPerBook) throw tooMany();
          const used = (await images.bytesOf(bookId, tx)) - (replaced?.bytes ?? 0);
          const over = used + encoded.data.length - ImageLimits.budgetBytes;
          if (over > 0) throw invalidField('file', ImageMessages.overBudget(formatImageSize(over)));
          await quota?.reserve(current.userId, encoded.data.length - (replaced?.bytes ?? 0), tx);
          if (replaced) await images.delete(bookId, replaced.id, tx);
          const row = await images.insert(
            {
              id,
              userId: current.userId,
              bookId,
              hash,
              storageKey: key,
              contentType: encoded.contentType,
              bytes: encoded.data.length,
              width: encoded.width,
              height: encoded.height,
            },
            tx,
          );
          await images.addUrl(bookId, urlOf(row), replacedUrl, tx);
          await changed?.(current.userId, tx);
          return { row, replaced };
        });
      } catch (error) {
        // Also after a put that failed halfway: the store may have kept part of it.
        await deleteBlob(key);
        if (isDiskFull(error)) throw diskFull();
        throw error;
      }
      if (result.replaced) await deleteBlob(result.replaced.storageKey);
      return toBookImage(result.row);
    },

    async remove(userId: string, bookId: string, imageId: string): Promise<void> {
      const removed = await inTransaction(db, async (tx) => {
        const book = await changeable(userId, bookId, tx);
        const row = await images.delete(bookId, imageId, tx);
        if (!row) throw notFound(ImageMessages.notFound);
        await images.removeUrl(bookId, urlOf(row), tx);
        await changed?.(book.userId, tx);
        return row;
      });
      // After the commit: a rolled-back delete must not have lost its photo.
      await deleteBlob(removed.storageKey);
    },

    /**
     * A stored photo, for whoever may see its book; anyone else gets the 404 of a missing one. The hash must
     * match too, so an address of a photo that was replaced never shows the new one.
     */
    async read(userId: string, bookId: string, imageId: string, hash: string) {
      await access.requireVisible({ userId }, await books.find(bookId), bookAccess);
      const row = await images.find(bookId, imageId);
      if (!row || row.hash !== hash) throw notFound(ImageMessages.notFound);
      try {
        return { blob: await storage.get(row.storageKey), contentType: row.contentType };
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound(ImageMessages.notFound);
        throw error;
      }
    },

    /** Before the trash purge deletes books: their photos' rows go with them, and then their blobs. */
    async purgeTrashedBefore(cutoff: Date): Promise<void> {
      const removed = await inTransaction(db, (tx) => images.removeOfTrashedBefore(cutoff, tx));
      for (const row of removed) await deleteBlob(row.storageKey);
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
