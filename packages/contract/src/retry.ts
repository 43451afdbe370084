/** The retry policy of spec social.md §9. */

export interface RetryPolicy {
  /** Total tries, the first included. */
  attempts: number;
  baseDelayMs: number;
  factor: number;
  maxDelayMs: number;
  /** A random 0..jitterMs is added to every delay so that clients do not retry in lockstep. */
  jitterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 1_000,
  factor: 2,
  maxDelayMs: 10_000,
  jitterMs: 1_000,
};

/** Attempts by kind of call: most social calls try twice; sending a friend request, reporting a user and imports once. */
export const RETRY_ATTEMPTS = { default: 3, social: 2, once: 1 } as const;

const NOT_RETRYABLE = ['unauthorized', 'forbidden', '400', '404', '422', 'invalid state'] as const;

/** False for failures that will fail the same way again (spec: no retry on these message fragments). */
export function isRetryableMessage(message: string): boolean {
  const m = message.toLowerCase();
  return !NOT_RETRYABLE.some((fragment) => m.includes(fragment));
}

/** The wait before retry number `retry` (1 = the first retry): exponential, capped, plus jitter. */
export function retryDelayMs(retry: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random = Math.random): number {
  const exponential = policy.baseDelayMs * policy.factor ** Math.max(0, retry - 1);
  return Math.min(exponential, policy.maxDelayMs) + random() * policy.jitterMs;
}

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  /** Decides whether a failure is worth another try; by default the spec's message rule. */
  shouldRetry?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultShouldRetry = (error: unknown) =>
  isRetryableMessage(error instanceof Error ? error.message : String(error));

/** Runs `task`, trying again by the policy while failures are retryable; rethrows the last failure. */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const shouldRetry = options.shouldRetry ?? defaultShouldRetry;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= policy.attempts || !shouldRetry(error)) throw error;
      await sleep(retryDelayMs(attempt, policy, options.random));
    }
  }
}
