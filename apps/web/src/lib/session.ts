import { AuthPaths, MeSchema, type Me } from '@bookshelf/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, ApiRequestError } from './api-client';

/**
 * Who is signed in. Shared by the shell, the sign-in dialog and settings, so it lives in lib/ rather than
 * in one feature (features do not import each other). `null` means signed out; the server's 401 is the
 * normal answer for a visitor, not an error.
 */
export const ME_QUERY_KEY = ['me'] as const;

export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api(AuthPaths.me, MeSchema, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/** Signs out and forgets every cached answer, so nothing of the last user stays on screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(AuthPaths.logout, z.unknown(), { method: 'POST' }),
    onSuccess: () => {
      // The spec clears the social sign-in provider and timestamp kept in session storage at logout.
      try {
        sessionStorage.removeItem('oauth_provider');
        sessionStorage.removeItem('oauth_timestamp');
      } catch {
        // storage may be unavailable (private mode); nothing to clear then
      }
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
