import type { Job } from '@bookshelf/contract';

/**
 * A number a succeeded job answered under `key` (`{ added: 23 }` → 23); undefined for any other job or
 * shape. Plain checks rather than a schema, so the dashboard's first download carries no zod.
 */
export function jobResultNumber(job: Job, key: string): number | undefined {
  if (job.state !== 'succeeded') return undefined;
  const result: unknown = job.result;
  if (typeof result !== 'object' || result === null) return undefined;
  const value: unknown = (result as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : undefined;
}
