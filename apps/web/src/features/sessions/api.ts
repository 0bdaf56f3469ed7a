import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endedSessions, sessionList } from '@odonto/domain/contracts/sessions';
import { request, segment } from '../../lib/http';

const SESSIONS_KEY = ['sessions'] as const;

/** GET /api/sesiuni: where the signed-in user is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => request('/api/sesiuni', { schema: sessionList, signal }),
  });
}

/** DELETE /api/sesiuni/{id}: ends one session (this one signs out). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(`/api/sesiuni/${segment(id)}`, { method: 'DELETE', schema: endedSessions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
    meta: { isErrorHandled: true },
  });
}

/** DELETE /api/sesiuni: ends every other session. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('/api/sesiuni', { method: 'DELETE', schema: endedSessions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
    meta: { isErrorHandled: true },
  });
}
