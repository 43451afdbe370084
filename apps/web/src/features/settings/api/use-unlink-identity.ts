import { AuthPaths, type AuthProvider } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { IDENTITIES_QUERY_KEY } from './use-identities';

/** The server refuses (409) to unlink the last way to sign in. */
export const unlinkIdentity = (provider: AuthProvider) =>
  api(`${AuthPaths.identities}/${provider}`, z.undefined(), { method: 'DELETE' });

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: IDENTITIES_QUERY_KEY }),
  });
}
