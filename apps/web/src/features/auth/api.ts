import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loginResponse,
  okResponse,
  sessionResponse,
  setupStatusResponse,
  type LoginRequest,
  type LoginResponse,
  type NewPasswordRequest,
  type SessionResponse,
  type SetupRequest,
} from '@odonto/domain/contracts/auth';
import { loginAnswer, type LoginAnswer } from '@odonto/domain/contracts/two-factor';
import { isApiError, request, segment } from '../../lib/http';

export const authKeys = {
  session: ['auth', 'session'] as const,
  setup: ['auth', 'setup'] as const,
};

// No session: the server answers 204 with no body, which reads as undefined.
const sessionOrNobody = sessionResponse.optional();

/** GET /api/check-login: the signed-in user, or null when there is no session (204; 401 from older servers). */
export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: async ({ signal }): Promise<SessionResponse | null> => {
    try {
      return (await request('/api/check-login', { schema: sessionOrNobody, signal })) ?? null;
    } catch (error) {
      if (isApiError(error, 401)) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  meta: { isErrorHandled: true },
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** GET /api/setup: whether the one-time setup screen must be shown. */
export const setupStatusQuery = queryOptions({
  queryKey: authKeys.setup,
  queryFn: ({ signal }) => request('/api/setup', { schema: setupStatusResponse, signal }),
  staleTime: Infinity,
  meta: { isErrorHandled: true },
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

/** After a sign-in the session is read again, so guards see the user before the next navigation. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/**
 * POST /api/login. Errors are shown by the login screen itself. With two-factor sign-in the answer asks
 * for a second step instead (decision 0027): no session yet, nothing to refresh. `onPasswordAccepted` runs
 * as the session is read again, not after it.
 */
export function useLogin(onPasswordAccepted?: (roles: readonly string[]) => void) {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (credentials: LoginRequest): Promise<LoginAnswer> =>
      request('/api/login', { method: 'POST', body: credentials, schema: loginAnswer }),
    onSuccess: async (answer) => {
      if ('twoFactor' in answer) return;
      onPasswordAccepted?.(answer.roles);
      await refreshSession();
    },
    meta: { isErrorHandled: true },
  });
}

/** POST /api/setup: creates the first admin and signs them in. */
export function useSetup() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (data: SetupRequest): Promise<LoginResponse> =>
      request('/api/setup', { method: 'POST', body: data, schema: loginResponse }),
    onSuccess: async () => {
      queryClient.setQueryData(authKeys.setup, { needsSetup: false });
      await refreshSession();
    },
    onError: async (error) => {
      // 409: someone else finished the setup meanwhile; the login screen takes over.
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: authKeys.setup });
    },
    meta: { isErrorHandled: true },
  });
}

/** DELETE /api/logout, then every cached answer is forgotten and the session is known to be gone. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await request('/api/logout', { method: 'DELETE' });
      } catch (error) {
        // An expired session is already logged out.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.session, null);
    },
  });
}

/** GET /api/forgot-pass/{email}: mails a reset link; 404 when the email is unknown. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => request(`/api/forgot-pass/${segment(email)}`, { schema: okResponse }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/save-new-pass with the token from the reset link. */
export function useSaveNewPassword() {
  return useMutation({
    mutationFn: (data: NewPasswordRequest) =>
      request('/api/save-new-pass', { method: 'POST', body: data, schema: okResponse }),
    meta: { isErrorHandled: true },
  });
}
