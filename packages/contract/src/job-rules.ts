/**
 * The job states, paths and kinds the web reads eagerly, without zod (book-rules.ts does the same for
 * books): the dashboard's first download stays within its budget (bench/bundle). The schemas are in jobs.ts.
 */

/** queued → running → succeeded | failed (retries left: back to queued) | dead (out of attempts) | cancelled. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'dead', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job never leaves. */
export const FINISHED_JOB_STATES: readonly JobState[] = ['succeeded', 'dead', 'cancelled'];

export function isFinishedJob(job: { state: JobState }): boolean {
  return FINISHED_JOB_STATES.includes(job.state);
}

/** The job routes; `one` builds the path the web fetches, the server registers `/api/jobs/:id`. */
export const JobPaths = {
  one: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
} as const;

/** The job that loads the sample library (POST /api/demo/load answers 202 with it). */
export const LOAD_SAMPLE_JOB = 'books.load-sample';
