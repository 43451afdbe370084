import { AuthPaths, RegisterResponseSchema, type RegisterRequest, type RegisterResponse } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';

export const register = (body: RegisterRequest) =>
  api(AuthPaths.register, RegisterResponseSchema, { method: 'POST', body });

/**
 * Creates the account: without mail on the server it signs in straight away and answers with the new current
 * user; with mail it answers only "check your e-mail", the same whether or not the address has an account.
 */
export function useRegister() {
  return useMutation({
    mutationKey: [...AUTH_MUTATION_KEY, 'register'],
    mutationFn: register,
    onSuccess: (answer: RegisterResponse) => {
      if ('id' in answer) setMe(answer);
    },
  });
}
