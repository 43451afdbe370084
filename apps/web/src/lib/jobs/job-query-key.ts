/**
 * The cache key of one job. The live channel (`job.updated` events) writes a job's new state under this
 * exact key with setQueryData, so the page follows it without asking; polling (use-job.ts) is the fallback.
 */
export const jobQueryKey = (id: string) => ['jobs', id] as const;
