import { AuthPaths } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { API_TOKENS_QUERY_KEY } from './use-api-tokens';

export const revokeApiToken = (id: string) =>
  api(`${AuthPaths.tokens}/${encodeURIComponent(id)}`, z.undefined(), { method: 'DELETE' });

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
