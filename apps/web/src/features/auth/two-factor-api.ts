import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loginResponse } from '@odonto/domain/contracts/auth';
import {
  recoveryCodesResponse,
  setupSignInResponse,
  totpSetup,
  twoFactorPolicy,
  twoFactorStatus,
  type DisableTwoFactorRequest,
  type TwoFactorPolicy,
  type TwoFactorPolicyUpdate,
  userTwoFactor,
} from '@odonto/domain/contracts/two-factor';
import { request, segment } from '../../lib/http';
import { sessionQuery } from './api';

export const twoFactorKeys = {
  status: ['auth', 'two-factor', 'status'] as const,
  policy: ['auth', 'two-factor', 'policy'] as const,
};

/** After the second step the session is read again, so guards see the user before the next navigation. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/** POST /api/login/two-factor: a code from the app or a recovery code completes the sign-in. */
export function useSecondStep() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (code: string) =>
      request('/api/login/two-factor', { method: 'POST', body: { code }, schema: loginResponse }),
    onSuccess: async () => {
      await refreshSession();
    },
    meta: { isErrorHandled: true },
  });
}

/**
 * POST /api/login/two-factor/setup: the first code turns TOTP on and signs in; the session is read
 * again only once the user has seen the recovery codes (the login screen would leave at once).
 */
export function useSetupSignIn() {
  return useMutation({
    mutationFn: (code: string) =>
      request('/api/login/two-factor/setup', {
        method: 'POST',
        body: { code },
        schema: setupSignInResponse,
      }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/profile/two-factor: on or off, required by the clinic, recovery codes left. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: twoFactorKeys.status,
  queryFn: ({ signal }) => request('/api/profile/two-factor', { schema: twoFactorStatus, signal }),
  meta: { isErrorHandled: true },
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** POST /api/profile/two-factor/setup: a new key to scan (not active before its first code). */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () =>
      request('/api/profile/two-factor/setup', { method: 'POST', body: {}, schema: totpSetup }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/profile/two-factor/confirm: answers the recovery codes, once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request('/api/profile/two-factor/confirm', {
        method: 'POST',
        body: { code },
        schema: recoveryCodesResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/profile/two-factor/disable with a code or the password. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorRequest) =>
      request('/api/profile/two-factor/disable', {
        method: 'POST',
        body: input,
        schema: twoFactorStatus,
      }),
    onSuccess: (status) => queryClient.setQueryData(twoFactorKeys.status, status),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/settings/two-factor (admin): the roles that must use TOTP. */
export const twoFactorPolicyQuery = queryOptions({
  queryKey: twoFactorKeys.policy,
  queryFn: ({ signal }) => request('/api/settings/two-factor', { schema: twoFactorPolicy, signal }),
  meta: { isErrorHandled: true },
});

export function useTwoFactorPolicy() {
  return useQuery(twoFactorPolicyQuery);
}

/** PUT /api/settings/two-factor (admin); 409 when someone saved meanwhile. */
export function useSaveTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorPolicyUpdate): Promise<TwoFactorPolicy> =>
      request('/api/settings/two-factor', { method: 'PUT', body: input, schema: twoFactorPolicy }),
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorKeys.policy, saved);
      // The user's own "required" flag may have changed.
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
    },
    meta: { isErrorHandled: true },
  });
}

/** GET /api/users/{id}/two-factor (admin): whether a staff account's TOTP is on. */
export function useUserTwoFactor(userId: string) {
  return useQuery({
    queryKey: [...twoFactorKeys.status, 'user', userId] as const,
    queryFn: ({ signal }) =>
      request(`/api/users/${segment(userId)}/two-factor`, { schema: userTwoFactor, signal }),
    meta: { isErrorHandled: true },
  });
}

/** DELETE /api/users/{id}/two-factor (admin): removes a user's TOTP after a lost phone. */
export function useResetUserTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(`/api/users/${segment(userId)}/two-factor`, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData([...twoFactorKeys.status, 'user', userId], { enabled: false }),
    meta: { isErrorHandled: true },
  });
}
