import {
  BookMessages,
  ErrorCode,
  LOAD_SAMPLE_JOB,
  NEW_BOOK_DEFAULTS,
  type CreateBookRequest,
  type Job,
} from '@bookshelf/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { defineJob, type JobContext } from '../../platform/jobs/job-definition.js';
import { addJob, enqueueJob, requeueFinishedJob, toJob } from '../../platform/jobs/job-store.js';
import { inputToValues, statusOf, withSearchText } from './book-mapper.js';
import type { BooksRepository, BookValues } from './books.repository.js';
import { SAMPLE_BOOKS } from './sample-books.js';

export interface DemoServiceDeps {
  db: Database;
  books: BooksRepository;
  /** Tells the user's open pages, in the batch's transaction, that the library changed. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  now: () => Date;
}

/** Sample books added per transaction; the job reports progress after each batch. */
export const SAMPLE_BATCH = 5;
const PHASE = 'Adding sample books';

/**
 * Loads the sample library into a user's own library, once: the request marks the user and enqueues the
 * job in one transaction (a second click or a double submit gets 409), and the job adds the books in
 * batches. Each batch locks the user's mark, adds the books after those already added and moves the count
 * on in one transaction, so a job run again (a retry, a restart after a crash) never adds a book twice.
 * Sample books are plain books the user may edit or delete; they record no activity.
 */
export function createDemoService({ db, books, changed, now }: DemoServiceDeps) {
  function valuesOf(sample: CreateBookRequest, index: number): BookValues {
    const status = statusOf(sample) ?? NEW_BOOK_DEFAULTS.status;
    // Spread the dates over the past weeks so "recently added" and "date read" sorts have something to order.
    const dateAdded = new Date(now().getTime() - (SAMPLE_BOOKS.length - index) * 86_400_000 * 3);
    return withSearchText(
      {
        ...NEW_BOOK_DEFAULTS,
        ...inputToValues(sample),
        status,
        dateAdded,
        dateRead: status === 'read' ? new Date(dateAdded.getTime() + 86_400_000 * 2) : null,
      },
      undefined,
    ) as BookValues;
  }

  /** Adds the next batch; answers how many are in, or undefined once all are. */
  const addBatch = (userId: string) =>
    inTransaction(db, async (tx) => {
      const added = (await books.lockDemoProgress(userId, tx)) ?? SAMPLE_BOOKS.length;
      if (added >= SAMPLE_BOOKS.length) return undefined;
      const batch = SAMPLE_BOOKS.slice(added, added + SAMPLE_BATCH).map((s, i) => valuesOf(s, added + i));
      await books.insertMany(userId, batch, tx);
      await books.setDemoProgress(userId, added + batch.length, tx);
      await changed?.(userId, tx);
      return added + batch.length;
    });

  async function run({ userId }: { userId: string }, context: JobContext) {
    const total = SAMPLE_BOOKS.length;
    for (let added = await addBatch(userId); added !== undefined; added = await addBatch(userId)) {
      await context.progress({ current: added, total, phase: PHASE });
    }
    return { added: total };
  }

  return {
    async start(userId: string): Promise<Job> {
      const dedupeKey = `demo:${userId}`;
      return inTransaction(db, async (tx) => {
        if (await books.markDemoLoaded(userId, tx)) {
          return toJob(await enqueueJob(tx, LOAD_SAMPLE_JOB, { userId }, { userId, dedupeKey }));
        }
        // A load that was cancelled or gave up carries on where it stopped; a finished or running one is 409.
        // Its job may be purged already (finished jobs are kept 7 days): an unfinished load gets a new one.
        const unfinished = async () =>
          ((await books.lockDemoProgress(userId, tx)) ?? SAMPLE_BOOKS.length) < SAMPLE_BOOKS.length;
        const again =
          (await requeueFinishedJob(tx, dedupeKey)) ??
          ((await unfinished()) ? await addJob(tx, LOAD_SAMPLE_JOB, { userId }, { userId, dedupeKey }) : undefined);
        if (!again) throw new AppError(409, ErrorCode.conflict, BookMessages.demoLoaded);
        return toJob(again);
      });
    },

    job: defineJob({ kind: LOAD_SAMPLE_JOB, payload: z.object({ userId: z.string() }), run }),
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
