import { AuthPaths, MeSchema, type Me, type RegisterRequest } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';

export const register = (body: RegisterRequest) => api(AuthPaths.register, MeSchema, { method: 'POST', body });

/** Creates the account; the server signs it in straight away and answers with the new current user. */
export function useRegister() {
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, 'register'],
    mutationFn: register,
    onSuccess: (me: Me) => setMe(me),
  });
}
