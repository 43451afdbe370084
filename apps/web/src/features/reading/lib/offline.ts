import { ApiRequestError, NETWORK_ERROR } from '../../../lib/api-client';

/** A save that failed because the browser is offline (no answer at all), so it is worth keeping for later. */
export function isOfflineFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status === NETWORK_ERROR) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
