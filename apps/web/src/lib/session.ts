import { AuthPaths, DEFAULT_RETRY_POLICY, withRetry, type Me } from '@bookshelf/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api, ApiRequestError, isRetryable } from './api-client';

/**
 * Who is signed in. Shared by the session gate, the sign-in dialog and settings, so it lives in lib/ rather
 * than in one feature (features do not import each other). `null` means signed out; the server's 401 is the
 * normal answer for a visitor, not an error.
 *
 * A small store on plain fetch rather than a TanStack Query: the visitor's pages ask only this, and without
 * it they download no query library at all (decision 030, landing ≤ 80 KB). It behaves as the query did:
 * the answer is fresh for a minute, asked again when a stale one is on screen and the window regains focus
 * or the browser comes back online, retried by the spec's policy, and a failed refresh keeps the last answer.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    // The schema loads only for a signed-in answer, and only where answers are checked (VALIDATE_RESPONSES).
    return await api(AuthPaths.me, () => import('./me-schema').then((m) => m.MeSchema), {
      signedOutIsExpected: true,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

const STALE_MS = 60_000;

/** As TanStack Query's result: `data` is `undefined` until the first answer; a failed refresh keeps it. */
export type SessionState =
  | { data: undefined; error: null; isError: false; isPending: true }
  | { data: Me | null; error: null; isError: false; isPending: false }
  | { data: Me | null | undefined; error: unknown; isError: true; isPending: false };

const initial: SessionState = { data: undefined, error: null, isError: false, isPending: true };
let state: SessionState = initial;
/** When `data` was last known to be right; 0 makes it stale at once. */
let updatedAt = 0;
let inFlight: Promise<Me | null> | null = null;
/** Bumped by every write, so an answer that a newer write overtook is dropped. */
let version = 0;
let retries = true;
const listeners = new Set<() => void>();

let notifyScheduled = false;

/**
 * Components hear of a change on the next task, as TanStack Query's notifications came: the sign-in dialog's
 * own "signed in" callback (navigate to the dashboard) runs before the session gate unmounts the dialog.
 */
function publish(next: SessionState) {
  state = next;
  if (notifyScheduled) return;
  notifyScheduled = true;
  setTimeout(() => {
    notifyScheduled = false;
    listeners.forEach((listener) => listener());
  }, 0);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isStale = () => state.data === undefined || Date.now() - updatedAt >= STALE_MS;

/**
 * Asks the server now; resolves with the answer, or rejects after the retries. One request at a time, unless
 * `fresh`: the cookie just changed (a social sign-in came back), so an answer already on its way may be old.
 */
export function refreshMe({ fresh = false }: { fresh?: boolean } = {}): Promise<Me | null> {
  if (fresh) version += 1;
  else if (inFlight) return inFlight;
  const asked = version;
  const attempts = retries ? DEFAULT_RETRY_POLICY.attempts : 1;
  const request = withRetry(() => fetchMe(), { policy: { attempts }, shouldRetry: isRetryable })
    .then(
      (me) => {
        if (asked === version) {
          updatedAt = Date.now();
          publish({ data: me, error: null, isError: false, isPending: false });
        }
        return me;
      },
      (error: unknown) => {
        if (asked === version) publish({ data: state.data, error, isError: true, isPending: false });
        throw error;
      },
    )
    .finally(() => {
      if (inFlight === request) inFlight = null;
    });
  inFlight = request;
  return request;
}

const refreshIfStale = () => {
  if (isStale()) refreshMe().catch(() => undefined);
};

/** The answer is now known (a sign-in, sign-out or profile change returned it): no request needed. */
export function setMe(me: Me | null): void {
  version += 1;
  inFlight = null;
  updatedAt = Date.now();
  publish({ data: me, error: null, isError: false, isPending: false });
}

/** The answer may be out of date (a password change, a resync): asked again at once while it is on screen. */
export function invalidateMe(): void {
  updatedAt = 0;
  if (listeners.size > 0) refreshIfStale();
}

/** The current answer, outside React. */
export const currentMe = (): Me | null | undefined => state.data;

/**
 * Starts from "signed out" without asking, as a page prerendered for visitors (app/prerendered.ts) was rendered,
 * so hydration matches its HTML. The answer is stale from the start: the real one is fetched at once, and a
 * browser that turns out to be signed in moves on to its shell.
 */
export function assumeSignedOut(): void {
  setMe(null);
  updatedAt = 0;
}

/** Tests only: forget everything, start from `me` when given (no request), and try each request once. */
export function resetSessionForTests(me?: Me | null): void {
  version += 1;
  inFlight = null;
  retries = false;
  updatedAt = 0;
  state = initial;
  if (me !== undefined) setMe(me);
}

const getSnapshot = () => state;

/** The session for a component: `data`, `isError`, `error`, `isPending` and `refetch`, as TanStack Query's. */
export function useMe() {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    refreshIfStale();
    window.addEventListener('focus', refreshIfStale);
    window.addEventListener('online', refreshIfStale);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshIfStale();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refreshIfStale);
      window.removeEventListener('online', refreshIfStale);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  const refetch = useCallback(() => refreshMe().catch(() => undefined), []);
  return { ...snapshot, refetch };
}
