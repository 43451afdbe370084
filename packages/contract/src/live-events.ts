import { z } from 'zod/mini';
import { SyncStatusSchema } from './cloud-drives.js';
import { ImportStatusSchema } from './imports.js';
import { JobSchema } from './jobs.js';

/**
 * What the server pushes to a signed-in browser over GET /api/events (server-sent events). Each event is
 * for one user; the SSE `event:` field is the `type`, `data:` is the JSON of the whole object, and `id:` is
 * the event's position so a reconnect with Last-Event-ID resumes after it. The web maps each type to the
 * TanStack Query cache keys it changes in one place (apps/web/src/lib/live-events).
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  /** A job of this user changed state or progress. */
  z.object({ type: z.literal('job.updated'), job: JobSchema }),
  /** The user's books changed elsewhere (another tab, device or a job): lists and facets are stale. */
  z.object({ type: z.literal('books.changed') }),
  /** An import of this user moved on (rows done, finished): its progress bar and summary. */
  z.object({ type: z.literal('import.updated'), import: ImportStatusSchema }),
  /** A drive's sync moved on (core.md §4 sync status): the status list and progress bars. */
  z.object({ type: z.literal('cloud-drives.sync'), status: SyncStatusSchema }),
  /** The reader's drive files or connections changed (a sync saved, a connect, an upload): lists are stale. */
  z.object({ type: z.literal('cloud-drives.changed') }),
  /**
   * Sent first when a resumed stream cannot replay everything missed (too many, or older than what is kept):
   * everything cached may be stale. It has no `id:`.
   */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventType = LiveEvent['type'];
