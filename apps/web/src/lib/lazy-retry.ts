import { withRetry } from '@bookshelf/contract';

export interface LazyRetryOptions {
  /** Further attempts after the first one fails. */
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Loads a lazy route chunk, trying again 3 times 1.5 s apart (spec core.md §2): a deploy or a flaky
 * connection should not strand the reader on an error screen. A fixed delay, so no growth and no jitter.
 */
export function loadWithRetry<T>(
  load: () => Promise<T>,
  { retries = 3, delayMs = 1_500, sleep }: LazyRetryOptions = {},
): Promise<T> {
  return withRetry(load, {
    policy: { attempts: retries + 1, baseDelayMs: delayMs, factor: 1, maxDelayMs: delayMs, jitterMs: 0 },
    shouldRetry: () => true,
    ...(sleep ? { sleep } : {}),
  });
}
