import { AuthPaths, MeSchema, type LoginRequest, type Me } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';

export const login = (body: LoginRequest) => api(AuthPaths.login, MeSchema, { method: 'POST', body });

/** Signs in with e-mail and password; the answer is the new current user, so no refetch of /api/me. */
export function useLogin() {
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, 'login'],
    mutationFn: login,
    onSuccess: (me: Me) => setMe(me),
  });
}
