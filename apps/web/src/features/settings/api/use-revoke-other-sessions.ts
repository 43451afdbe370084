import { AuthPaths, RevokedCountSchema } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSIONS_QUERY_KEY } from './use-sessions';

/** Signs out every session except this one, answering how many ended. */
export const revokeOtherSessions = () => api(AuthPaths.sessions, RevokedCountSchema, { method: 'DELETE' });

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
