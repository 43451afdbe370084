import { AuthPaths, MeSchema, type Me, type ResetPasswordRequest } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/session';

export const resetPassword = (body: ResetPasswordRequest) =>
  api(AuthPaths.resetPassword, MeSchema, { method: 'POST', body });

/** Sets the new password from an e-mailed link; the server signs the user in and ends every other session. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (me: Me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
