import { DEFAULT_RETRY_POLICY, withRetry, type Health } from '@bookshelf/contract';
import { useEffect, useState } from 'react';
import { api, isRetryable } from '../../../lib/api-client';

// The schema (and zod) loads with the first answer, where answers are checked (development and tests).
const loadHealthSchema = () => import('./health-schema').then((m) => m.HealthSchema);

export const fetchHealth = (signal?: AbortSignal) => api('/api/health', loadHealthSchema, signal ? { signal } : {});

/** Asked again when the window regains focus and the last answer is older than this. */
const STALE_MS = 10_000;

let attempts = DEFAULT_RETRY_POLICY.attempts;
/** Tests only: one try per check, so a failure shows at once. */
export const healthRetriesForTests = (on: boolean) => {
  attempts = on ? DEFAULT_RETRY_POLICY.attempts : 1;
};

export type HealthCheck = { status: 'pending' } | { status: 'success'; data: Health } | { status: 'error' };

/**
 * The server's health, on plain fetch: it sits in the visitors' footer, whose pages load no query library
 * (decision 030). Retried by the spec's policy; checked again on focus when the answer is stale.
 */
export function useHealth(): HealthCheck {
  const [check, setCheck] = useState<HealthCheck>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    let checkedAt = 0;
    let busy = false;
    const run = () => {
      if (busy || Date.now() - checkedAt < STALE_MS) return;
      busy = true;
      void withRetry(() => fetchHealth(controller.signal), {
        policy: { attempts },
        shouldRetry: (error) => !controller.signal.aborted && isRetryable(error),
      })
        .then(
          (data): HealthCheck => ({ status: 'success', data }),
          (): HealthCheck => ({ status: 'error' }),
        )
        .then((next) => {
          busy = false;
          checkedAt = Date.now();
          if (!controller.signal.aborted) setCheck(next);
        });
    };
    run();
    window.addEventListener('focus', run);
    return () => {
      controller.abort();
      window.removeEventListener('focus', run);
    };
  }, []);
  return check;
}
