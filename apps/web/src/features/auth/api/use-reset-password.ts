import { AuthPaths, MeSchema, type Me, type ResetPasswordRequest } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';

export const resetPassword = (body: ResetPasswordRequest) =>
  api(AuthPaths.resetPassword, MeSchema, { method: 'POST', body });

/** Sets the new password from an e-mailed link; the server signs the user in and ends every other session. */
export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (me: Me) => setMe(me),
  });
}
