import { AuthPaths, type Me } from '@bookshelf/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiRequestError } from './api-client';

/**
 * Who is signed in. Shared by the shell, the sign-in dialog and settings, so it lives in lib/ rather than
 * in one feature (features do not import each other). `null` means signed out; the server's 401 is the
 * normal answer for a visitor, not an error.
 */
export const ME_QUERY_KEY = ['me'] as const;

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

export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/**
 * Starts from "signed out" without asking, as a page prerendered for visitors (app/prerendered.ts) was rendered,
 * so hydration matches its HTML. The answer is stale from the start: the real one is fetched at once, and a
 * browser that turns out to be signed in moves on to its shell.
 */
export function assumeSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData<Me | null>(ME_QUERY_KEY, null, { updatedAt: 0 });
}
