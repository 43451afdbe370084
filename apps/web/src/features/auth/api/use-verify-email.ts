import { AuthPaths, MeSchema, type Me, type VerifyEmailRequest } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';

export const verifyEmail = (body: VerifyEmailRequest) => api(AuthPaths.verifyEmail, MeSchema, { method: 'POST', body });

/** Creates the account from an e-mailed sign-up link; the server signs the new user in. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (me: Me) => setMe(me),
  });
}
