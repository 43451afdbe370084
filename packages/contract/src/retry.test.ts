import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isRetryableMessage, retryDelayMs, withRetry } from './retry.js';

describe('retryDelayMs (social.md §9: 1000 ms base, factor 2, max 10000 ms, jitter up to 1000 ms)', () => {
  it('doubles from one second and caps at ten, before jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
  });

  it('always lies between the capped delay and the capped delay plus at most 1000 ms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const capped = Math.min(1000 * 2 ** (n - 1), 10_000);
          const delay = retryDelayMs(n, DEFAULT_RETRY_POLICY, () => r);
          expect(delay).toBeGreaterThanOrEqual(capped);
          expect(delay).toBeLessThanOrEqual(capped + 1000);
        },
      ),
    );
  });
});

describe('isRetryableMessage', () => {
  it.each(['401 Unauthorized', 'Forbidden', 'HTTP 400', 'status 404', '422 Unprocessable', 'Invalid state'])(
    'does not retry "%s"',
    (message) => expect(isRetryableMessage(message)).toBe(false),
  );
  it.each(['Network request failed', 'HTTP 500', '503 Service Unavailable', 'timeout'])('retries "%s"', (message) =>
    expect(isRetryableMessage(message)).toBe(true),
  );
});

describe('withRetry', () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => void sleeps.push(ms);

  it('makes 3 attempts by default, waiting by the policy between them, and returns the first success', async () => {
    sleeps.length = 0;
    const result = await withRetry(
      async (attempt) => {
        if (attempt < 3) throw new Error('HTTP 503');
        return `ok on ${attempt}`;
      },
      { sleep, random: () => 0 },
    );
    expect(result).toBe('ok on 3');
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('rethrows the last failure after the last attempt', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error(`HTTP 500 #${calls}`);
        },
        { sleep, policy: { attempts: 2 } },
      ),
    ).rejects.toThrow('HTTP 500 #2');
    expect(calls).toBe(2);
  });

  it('does not retry a failure that will fail the same way again', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error('404 not found');
        },
        { sleep },
      ),
    ).rejects.toThrow('404');
    expect(calls).toBe(1);
  });
});
