import { AuthPaths, CreatedApiTokenSchema, type CreateApiTokenRequest } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_TOKENS_QUERY_KEY } from './use-api-tokens';

/** The answer holds the secret itself; it is shown once and never cached beside the list. */
export const createApiToken = (body: CreateApiTokenRequest) =>
  api(AuthPaths.tokens, CreatedApiTokenSchema, { method: 'POST', body });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
