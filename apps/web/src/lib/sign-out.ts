import { AuthPaths } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { clearMirror } from './money/preferences-mirror';
import { setMe } from './session';

// Apart from lib/session.ts so that the landing page, which only asks who is signed in, does not download
// the mutation machinery (bench/bundle: landing ≤ 80 KB).

/** Signs out and forgets every cached answer, so nothing of the last user stays on screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer's schema loads with the click, keeping zod out of the shell's first download.
    mutationFn: () => api(AuthPaths.logout, () => import('zod/mini').then(({ z }) => z.unknown()), { method: 'POST' }),
    onSuccess: () => {
      // The spec clears the social sign-in provider and timestamp kept in session storage at logout.
      try {
        sessionStorage.removeItem('oauth_provider');
        sessionStorage.removeItem('oauth_timestamp');
      } catch {
        // storage may be unavailable (private mode); nothing to clear then
      }
      clearMirror();
      queryClient.clear();
      setMe(null);
    },
  });
}
