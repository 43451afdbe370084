import { z } from 'zod/mini';
import { JOB_STATES } from './job-rules.js';

/**
 * Background jobs on the wire (DESIGN.md "Long work … is a job with a row the UI polls or streams"). The
 * server's queue (apps/server/src/platform/jobs) stores these fields; the browser reads one job with
 * GET /api/jobs/{id} and receives its changes live as `job.updated` events on GET /api/events.
 */

export const JobProgressSchema = z.object({
  current: z.number(),
  /** Unknown until the job has counted its work. */
  total: z.nullable(z.number()),
  /** What it is doing now, in words a reader understands ("Adding books"). */
  phase: z.nullable(z.string()),
});
export type JobProgress = z.infer<typeof JobProgressSchema>;

export const JobSchema = z.object({
  id: z.string(),
  /** The job's kind, e.g. "books.load-sample". */
  kind: z.string(),
  state: z.enum(JOB_STATES),
  progress: JobProgressSchema,
  /** What the job answered when it succeeded (its own shape per kind). */
  result: z.nullable(z.unknown()),
  /** Why it failed, in words a reader understands; never a stack trace. */
  error: z.nullable(z.string()),
  attempts: z.number(),
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
});
export type Job = z.infer<typeof JobSchema>;
