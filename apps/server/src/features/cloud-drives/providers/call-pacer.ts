/**
 * Spaces a provider's calls out (core.md §9: provider calls are rate limited): at most `perSecond` calls start
 * in any second, whoever makes them. A 429 with Retry-After is the outbound client's business; this keeps
 * a large sync from provoking one.
 */
export interface CallPacer {
  /** Resolves when the next call may start; rejects with the signal's reason when aborted meanwhile. */
  wait(signal?: AbortSignal): Promise<void>;
}

export function createCallPacer({ perSecond }: { perSecond: number }): CallPacer {
  const gapMs = 1000 / perSecond;
  let nextAt = 0;
  return {
    wait(signal) {
      const now = Date.now();
      const at = Math.max(now, nextAt);
      nextAt = at + gapMs;
      const delay = at - now;
      if (delay <= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', abort);
          resolve();
        }, delay);
        const abort = () => {
          clearTimeout(timer);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal?.addEventListener('abort', abort, { once: true });
      });
    },
  };
}
