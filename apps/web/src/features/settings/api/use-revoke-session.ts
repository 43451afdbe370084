import { AuthPaths } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { SESSIONS_QUERY_KEY } from './use-sessions';

export const revokeSession = (id: string) =>
  api(`${AuthPaths.sessions}/${encodeURIComponent(id)}`, z.undefined(), { method: 'DELETE' });

/** Signs one other device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
