import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import type { BookMetadata } from '../../../platform/book-metadata/book-metadata.js';
import { defineJob, type JobContext } from '../../../platform/jobs/job-definition.js';
import { enqueueJob } from '../../../platform/jobs/job-store.js';
import type { BooksRepository } from '../books.repository.js';

export const FIND_COVERS_JOB = 'books.find-covers';
const PAGE = 20;
const PHASE = 'Finding covers';
/**
 * Between two ISBNs that reach Open Library and Google Books: their APIs ask bulk users to go gently, and a
 * library of thousands has no hurry (the answers are cached for every reader, so most imports ask few).
 */
export const PAUSE_BETWEEN_LOOKUPS_MS = 300;
/**
 * Lookups that reach the services in one run (about a minute): then the job hands its place back (the runner
 * has two) and a new one carries on a little later, so a large library never holds imports or deliveries up.
 */
export const LOOKUPS_PER_RUN = 150;
const NEXT_RUN_AFTER_MS = 5_000;

export interface CoverFinderDeps {
  db: Database;
  books: BooksRepository;
  metadata?: BookMetadata | undefined;
  changed?: (userId: string, tx: Database) => Promise<void>;
  requestsIdle?: (maxWaitMs: number) => Promise<void>;
  pauseMs?: number;
  lookupsPerRun?: number;
}

/**
 * Covers for imported books (DESIGN.md: "metadata enrichment afterwards, in the background"): a job after each
 * import walks the reader's books with an ISBN and no cover, looks each ISBN up (the cache first) and sets the
 * first cover found on a book that still has none. A service that is down fails the job, which is tried again
 * later and carries on; books it already covered are no longer without a cover.
 */
export function createCoverFinder({
  db,
  books,
  metadata,
  changed,
  requestsIdle,
  pauseMs = PAUSE_BETWEEN_LOOKUPS_MS,
  lookupsPerRun = LOOKUPS_PER_RUN,
}: CoverFinderDeps) {
  async function run({ userId }: { userId: string }, context: JobContext) {
    if (!metadata) return { skipped: true };
    const total = await books.countWithoutCover(userId);
    let seen = 0;
    let covered = 0;
    let asked = 0;
    for (let after: string | null = null; ;) {
      const page = await books.withoutCover(userId, after, PAGE);
      if (page.length === 0) break;
      const found: { id: string; cover: string }[] = [];
      for (const { id, isbn } of page) {
        const hit = await metadata.cached(isbn);
        const result = hit ? (hit.result ?? undefined) : await metadata.find(isbn);
        const cover = result?.covers[0]?.url;
        if (cover) found.push({ id, cover });
        if (!hit) {
          asked += 1;
          await sleep(pauseMs, undefined, { signal: context.signal });
        }
      }
      if (found.length) {
        covered += await inTransaction(db, async (tx) => {
          let set = 0;
          for (const { id, cover } of found) if (await books.setCoverIfMissing(userId, id, cover, tx)) set += 1;
          // One version bump and one books.changed per page, not per book: the reader's open pages refetch once.
          if (set) await changed?.(userId, tx);
          return set;
        });
      }
      seen += page.length;
      after = page.at(-1)!.id;
      await context.progress({ current: seen, total, phase: PHASE });
      if (asked >= lookupsPerRun) {
        // Books covered already are no longer without a cover, and what was not found is cached: the next run
        // starts from the beginning and quickly reaches where this one stopped.
        const runAt = new Date(Date.now() + NEXT_RUN_AFTER_MS);
        await enqueueJob(
          db,
          FIND_COVERS_JOB,
          { userId },
          { userId, runAt, dedupeKey: `covers:${userId}:${runAt.getTime()}` },
        );
        return { looked: seen, covered, continued: true };
      }
      await requestsIdle?.(50);
    }
    return { looked: seen, covered };
  }

  return { job: defineJob({ kind: FIND_COVERS_JOB, payload: z.object({ userId: z.string() }), run }) };
}
