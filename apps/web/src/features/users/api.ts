import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@odonto/domain/contracts/auth';
import { endedSessions } from '@odonto/domain/contracts/sessions';
import {
  deleteUserResponse,
  user,
  userListResponse,
  type User,
  type UserFormData,
  type UserUpdate,
} from '@odonto/domain/contracts/users';
import { request, segment } from '../../lib/http';

export const userKeys = {
  all: ['users'] as const,
  list: (page: number) => ['users', 'list', page] as const,
};

/** POST /api/get-utilizatori {page}: one page (index from 0); the previous page stays shown meanwhile. */
export function userListQuery(page: number) {
  return queryOptions({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) =>
      request('/api/get-utilizatori', { method: 'POST', body: { page }, schema: userListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserList(page: number) {
  return useQuery(userListQuery(page));
}

/** Every user change can move rows between pages (names sort the list), so all pages are read again. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/** POST /api/save-utilizator → the new user; the server mails the invitation. 409: the email exists. */
export function useSaveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (data: UserFormData): Promise<User> =>
      request('/api/save-utilizator', { method: 'POST', body: data, schema: user }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/update-utilizator/{id} with the loaded `version`. */
export function useUpdateUser(id: string) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (data: UserUpdate): Promise<User> =>
      request(`/api/update-utilizator/${segment(id)}`, { method: 'POST', body: data, schema: user }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/resend-invitation/{id}: a new set-password link; the earlier one stops working. */
export function useResendInvitation(id: string) {
  return useMutation({
    mutationFn: () =>
      request(`/api/resend-invitation/${segment(id)}`, { method: 'POST', schema: okResponse }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/delete-user/{email}/{userId} → {id}. */
export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (target: Pick<User, '_id' | 'email'>) =>
      request(`/api/delete-user/${segment(target.email)}/${segment(target._id)}`, {
        schema: deleteUserResponse,
      }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/utilizatori/{id}/inchide-sesiuni: signs the user out on every device. */
export function useEndUserSessions(id: string) {
  return useMutation({
    mutationFn: () =>
      request(`/api/utilizatori/${segment(id)}/inchide-sesiuni`, { method: 'POST', schema: endedSessions }),
    meta: { isErrorHandled: true },
  });
}
