export interface RetryOptions {
  /** Further attempts after the first one fails. */
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a lazy route chunk, trying again 3 times 1.5 s apart (spec core.md §2): a deploy or a flaky
 * connection should not strand the reader on an error screen.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  { retries = 3, delayMs = 1_500, sleep = wait }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(delayMs);
    }
  }
}
