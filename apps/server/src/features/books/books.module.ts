import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { notFound } from '../../platform/errors.js';
import { featureModule, HOURLY, type FeatureModule } from '../../platform/feature-module.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import type { PublishEvents } from '../../platform/jobs/outbox.js';
import { BookMessages, type LiveEvent } from '@bookshelf/contract';
import { z } from 'zod';
import { createRateLimiter } from '../../platform/rate-limit.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { StorageQuota } from '../../platform/storage/storage-quota.js';
import type { BookMetadata } from '../../platform/book-metadata/book-metadata.js';
import type { BatchTarget } from './import/batch-sizer.js';
import { createCoverFinder } from './import/cover-finder.js';
import { importRoutes } from './import/import.routes.js';
import { createImportService } from './import/import.service.js';
import { createBooksRepository } from './books.repository.js';
import { booksRoutes } from './books.routes.js';
import { bookAccess, createBooksService, type OnPriceHistoryAdded } from './books.service.js';
import { createDemoService } from './demo.service.js';
import { imagesRoutes } from './images/images.routes.js';
import { createImagesService } from './images/images.service.js';

const PURGE_TRASH_JOB = 'books.purge-trash';

/** The library: books, the sample library job, and the hourly purge of the trash. */
export interface BooksModuleDeps {
  db: Database;
  access: Access;
  publish: PublishEvents;
  /** Tells the owner's open pages that the library changed (a books.changed live event), in the change's transaction. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  /** Pushes an event to a user's open pages at the commit of `tx` (an import's progress). */
  publishLive?: (userId: string, event: LiveEvent, tx?: Database) => Promise<void>;
  /** Resolves when no API request is running or waiting (or after maxWaitMs): background work goes after them. */
  requestsIdle?: (maxWaitMs: number) => Promise<void>;
  /** How long an import's batch should take (IMPORT_BATCH_TARGET for the database in use). */
  importBatch: BatchTarget;
  /** Open Library and Google Books (platform/book-metadata): covers for imported books. */
  metadata?: BookMetadata;
  /** Where an import's file waits for its job, and where book photos are kept. */
  storage: BlobStore;
  now: () => Date;
  /** Told, in the same transaction, of price points an edit added to a book (the wishlist's price alerts). */
  onPriceHistoryAdded?: OnPriceHistoryAdded;
  /** Each reader's storage space (STORAGE_QUOTA_BYTES), which book photos count against; none: no limit. */
  quota?: StorageQuota;
}

/** What other features may ask of the library; app.ts hands these on, so no feature imports books. */
export interface BooksModule extends FeatureModule {
  /** Resolves when the book is the reader's own (one they may change); else core.md §8's "Book not found." 404. */
  requireOwnBook: (userId: string, bookId: string) => Promise<void>;
  /** For each range of days (in `timeZone`), how many of the reader's books were read on one of them. */
  countReadBetween: (
    userId: string,
    ranges: readonly { startDate: string; endDate: string }[],
    timeZone: string,
  ) => Promise<number[]>;
}

export function booksModule({
  db,
  access,
  publish,
  changed,
  publishLive,
  requestsIdle,
  importBatch,
  metadata,
  storage,
  now,
  onPriceHistoryAdded,
  quota,
}: BooksModuleDeps): BooksModule {
  const repository = createBooksRepository(db);
  const limiter = createRateLimiter(db, now);
  const images = createImagesService({ db, books: repository, access, storage, limiter, changed, quota });
  const books = createBooksService({
    db,
    books: repository,
    access,
    publish,
    changed,
    beforePurge: (cutoff) => images.purgeTrashedBefore(cutoff),
    now,
    onPriceHistoryAdded,
  });
  const demo = createDemoService({ db, books: repository, changed, now });
  const imports = createImportService({
    db,
    books: repository,
    storage,
    access,
    publish,
    changed,
    publishLive,
    limiter,
    requestsIdle,
    batch: importBatch,
    now,
  });
  const coverFinder = createCoverFinder({ db, books: repository, metadata, changed, requestsIdle });
  return {
    ...featureModule({
      name: 'books',
      routes: [booksRoutes({ books, demo }), importRoutes({ imports }), imagesRoutes({ images })],
      jobs: [
        demo.job,
        imports.job,
        coverFinder.job,
        defineJob({ kind: PURGE_TRASH_JOB, payload: z.object({}), run: () => books.purgeTrash() }),
      ],
      schedules: [{ name: PURGE_TRASH_JOB, cron: HOURLY, kind: PURGE_TRASH_JOB }],
    }),
    requireOwnBook: async (userId, bookId) => {
      const book = await repository.find(bookId);
      if (!book || !(await access.canChange({ userId }, bookAccess.resource(book)))) {
        throw notFound(BookMessages.notFound);
      }
    },
    countReadBetween: (userId, ranges, timeZone) => repository.countReadBetween(userId, ranges, timeZone),
  };
}
