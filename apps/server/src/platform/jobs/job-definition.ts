import type { Job, JobProgress, RetryPolicy } from '@bookshelf/contract';
import type { z } from 'zod';

export interface JobContext {
  job: Job;
  /** Whose job it is, or null for system work (sweeps, deliveries). */
  userId: string | null;
  /** Aborted when the user cancels, the runner stops past its deadline, or the lease was lost. */
  signal: AbortSignal;
  /**
   * Stores progress in the job's row (the browser reads it, and is told of it live). Call it between
   * batches: it also throws the abort reason when the job was cancelled meanwhile.
   */
  progress(progress: { current: number; total?: number | null; phase?: string | null }): Promise<void>;
}

/**
 * A kind of job: its payload schema (payloads are stored as JSON) and its handler. A handler may run more
 * than once for one job (a retry, or a lease taken over after its process died), so its effect must be
 * idempotent: keyed on the job or its payload, or written in one transaction that checks it was not done.
 */
export interface JobDefinition<P = unknown> {
  kind: string;
  payload: z.ZodType<P>;
  run(payload: P, context: JobContext): Promise<unknown>;
  /** Attempts and backoff; the contract's DEFAULT_RETRY_POLICY where unset. */
  retry?: Partial<RetryPolicy>;
  /**
   * The payload holds personal data (an e-mail address): it is emptied when the job finishes, whichever
   * way, rather than kept in the row until the purge. Such a job cannot be run again from its row.
   */
  forgetPayload?: boolean;
}

/** Keeps a definition's payload type checked against its handler while lists of them hold mixed kinds. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition {
  return definition;
}

export const NO_PROGRESS: JobProgress = { current: 0, total: null, phase: null };

/** The job that delivers one outbox event to one subscriber (outbox.ts); the purge reads it too (job-store.ts). */
export const DELIVER_EVENT_JOB = 'outbox.deliver';
