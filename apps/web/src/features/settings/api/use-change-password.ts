import { AuthPaths, type ChangePasswordRequest } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { invalidateMe } from '../../../lib/session';
import { API_TOKENS_QUERY_KEY } from './use-api-tokens';
import { SESSIONS_QUERY_KEY } from './use-sessions';

export const changePassword = (body: ChangePasswordRequest) =>
  api(AuthPaths.password, z.undefined(), { method: 'POST', body });

/**
 * The server signs every other session out (and may revoke the API tokens), so those lists change; and an
 * account that had only a social sign-in now has a password (me.hasPassword).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      invalidateMe();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
      ]);
    },
  });
}
