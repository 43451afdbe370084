import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { jobs } from '../../../db/schema/index.js';
import { afterCommit } from '../../../db/transaction.js';
import { addJob } from '../../../platform/jobs/job-store.js';

/*
 * What a sync, an upload and the content route need of thumbnails, apart from the job that makes them: this
 * file imports no image or PDF library, so a sync worker starts as quickly as before.
 */

export const THUMBNAILS_JOB = 'cloud-drives.thumbnails';
/** Where a thumbnail is kept: named by the SHA-256 of its bytes, so its address can be cached for ever. */
export const thumbnailKey = (hash: string) => `drive-thumbnails/${hash}.webp`;

/**
 * Queues a thumbnails run for a connection (after its sync, an upload) unless one is already waiting; through
 * `tx`, so it exists exactly when the change that asked for it commits.
 */
export async function queueThumbnails(
  tx: Database,
  connection: { id: string; userId: string | null },
  wake?: () => void,
  runAt?: Date,
): Promise<void> {
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, THUMBNAILS_JOB),
        eq(jobs.state, 'queued'),
        sql`${jobs.payload}->>'connectionId' = ${connection.id}`,
      ),
    )
    .limit(1);
  if (waiting) return;
  await addJob(
    tx,
    THUMBNAILS_JOB,
    { connectionId: connection.id },
    { userId: connection.userId, ...(runAt ? { runAt } : {}) },
  );
  if (wake) afterCommit(tx, wake);
}
