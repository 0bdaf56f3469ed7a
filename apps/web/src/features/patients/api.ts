import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  deleteAvatarResponse,
  saveAvatarResponse,
  type SaveAvatarResponse,
} from '@odonto/domain/contracts/avatars';
import {
  doctor,
  patient,
  patientListResponse,
  type Patient,
  type PatientInput,
  type PatientListQuery,
  type PatientUpdate,
} from '@odonto/domain/contracts/patients';
import { request, segment } from '../../lib/http';
import { withLoading } from '../../lib/loading';
import { listSearch } from './list-params';

export { listSearch };

export const patientKeys = {
  all: ['patients'] as const,
  lists: ['patients', 'list'] as const,
  list: (query: PatientListQuery) => ['patients', 'list', query] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  doctors: ['doctors'] as const,
};

/** SPEC.md §8: a failed patient call is logged; the screen (or the toast) tells the user. */
function logged<T>(what: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    console.error(`${what}:`, error);
    throw error;
  });
}

/** GET /api/pacienti: one page of 10, newest first; the previous page stays shown while the next loads. */
export function patientListQuery(query: PatientListQuery) {
  return queryOptions({
    queryKey: patientKeys.list(query),
    queryFn: ({ signal }) =>
      logged(
        'Lista pacienților',
        request(`/api/pacienti?${listSearch(query)}`, { schema: patientListResponse, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePatientList(query: PatientListQuery) {
  return useQuery(patientListQuery(query));
}

/** GET /api/get-pacient/{_id}. The first load sets the loading flag (SPEC.md §4); a refresh does not. */
export function usePatient(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => {
      const load = () =>
        logged('Pacientul', request(`/api/get-pacient/${segment(id)}`, { schema: patient, signal }));
      return queryClient.getQueryData(patientKeys.detail(id)) === undefined ? withLoading(load) : load();
    },
    // The patient's own screen says when it does not exist; no toast.
    meta: { isErrorHandled: true },
  });
}

/** GET /api/get-medici: the active doctors, by name. */
export function useDoctors() {
  return useQuery({
    queryKey: patientKeys.doctors,
    queryFn: ({ signal }) =>
      logged('Medicii', request('/api/get-medici', { schema: z.array(doctor), signal })),
    staleTime: 5 * 60_000,
  });
}

function storePatient(queryClient: QueryClient, saved: Patient): Promise<void> {
  queryClient.setQueryData(patientKeys.detail(saved._id), saved);
  return queryClient.invalidateQueries({ queryKey: patientKeys.lists });
}

/** POST /api/save-pacient → the saved patient. The form shows the failure (SPEC.md §8 alert). */
export function useSavePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PatientInput) =>
      logged(
        'Salvare pacient',
        request('/api/save-pacient', { method: 'POST', body: data, schema: patient }),
      ),
    onSuccess: (saved) => storePatient(queryClient, saved),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/update-pacient/{_id} with the loaded `version`; 409 when someone else changed the patient. */
export function useUpdatePatient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PatientUpdate) =>
      logged(
        'Actualizare pacient',
        request(`/api/update-pacient/${segment(id)}`, { method: 'POST', body: data, schema: patient }),
      ),
    onSuccess: (saved) => storePatient(queryClient, saved),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/block-pacient {id} → the patient with `blocked` flipped. */
export function useBlockPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      logged(
        'Blocare pacient',
        request('/api/block-pacient', { method: 'POST', body: { id }, schema: patient }),
      ),
    onSuccess: (saved) => storePatient(queryClient, saved),
  });
}

/** GET /api/delete-pacient/{_id}: a soft delete, restorable by an admin. */
export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      logged(
        'Ștergere pacient',
        request(`/api/delete-pacient/${segment(id)}`, { schema: z.object({ id: z.string() }) }),
      ),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: patientKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: patientKeys.lists });
    },
  });
}

/** POST /api/restore-pacient/{_id} (admin) → the restored patient. */
export function useRestorePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      logged(
        'Restaurare pacient',
        request(`/api/restore-pacient/${segment(id)}`, { method: 'POST', schema: patient }),
      ),
    onSuccess: (saved) => storePatient(queryClient, saved),
  });
}

/**
 * The cached patient after an avatar change of ours. The server bumps `version` for it; when the new
 * version is not exactly one more, someone else changed the patient too, so it is read again instead.
 */
function afterAvatarChange(
  queryClient: QueryClient,
  id: string,
  avatar: string | null | undefined,
  version: number,
) {
  const key = patientKeys.detail(id);
  const cached = queryClient.getQueryData<Patient>(key);
  if (cached && cached.version + 1 === version) {
    queryClient.setQueryData<Patient>(key, {
      ...cached,
      version,
      avatar: avatar === undefined ? cached.avatar : avatar,
    });
  } else {
    void queryClient.invalidateQueries({ queryKey: key });
  }
  return queryClient.invalidateQueries({ queryKey: patientKeys.lists });
}

/** POST /api/save-avatar-img (form data: `id` and the picture) → the picture and thumbnail names. */
export function useSaveAvatar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<SaveAvatarResponse> => {
      const form = new FormData();
      form.append('id', id);
      form.append('file', file, file.name);
      return logged(
        'Încărcare avatar',
        request('/api/save-avatar-img', { method: 'POST', body: form, schema: saveAvatarResponse }),
      );
    },
    onSuccess: (saved) => afterAvatarChange(queryClient, id, saved.name, saved.version),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/delete-avatar-img {id, name}. */
export function useDeleteAvatar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      logged(
        'Ștergere avatar',
        request('/api/delete-avatar-img', {
          method: 'POST',
          body: { id, name },
          schema: deleteAvatarResponse,
        }),
      ),
    onSuccess: (answer, name) => {
      const cached = queryClient.getQueryData<Patient>(patientKeys.detail(id));
      const avatar = cached?.avatar === name ? null : undefined;
      return afterAvatarChange(queryClient, id, avatar, answer.version);
    },
    meta: { isErrorHandled: true },
  });
}
