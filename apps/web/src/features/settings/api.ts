import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { clinicSettings, type ClinicSettings, type ClinicUpdate } from '@odonto/domain/contracts/clinic';
import { doctor } from '@odonto/domain/contracts/patients';
import { request } from '../../lib/http';

export const clinicKeys = {
  settings: ['clinic', 'settings'] as const,
  doctors: ['clinic', 'doctors'] as const,
};

/** GET /api/clinic: the clinic's details every printed page carries (published for printing). */
export const clinicQuery = queryOptions({
  queryKey: clinicKeys.settings,
  queryFn: ({ signal }) => request('/api/clinic', { schema: clinicSettings, signal }),
  staleTime: 5 * 60_000,
  // The settings section and the printed pages say themselves when the details cannot be read.
  meta: { isErrorHandled: true },
});

export function useClinic() {
  return useQuery(clinicQuery);
}

/** GET /api/get-medici: the doctors whose titles the admin sets. */
export function useClinicDoctors() {
  return useQuery({
    queryKey: clinicKeys.doctors,
    queryFn: ({ signal }) => request('/api/get-medici', { schema: z.array(doctor), signal }),
    meta: { isErrorHandled: true },
  });
}

function useClinicMutation<T>(call: (input: T) => Promise<ClinicSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => queryClient.setQueryData(clinicKeys.settings, saved),
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/clinic (admin): answers the saved details with their new version. */
export function useSaveClinic() {
  return useClinicMutation((input: ClinicUpdate) =>
    request('/api/clinic', { method: 'PUT', body: input, schema: clinicSettings }),
  );
}

/** POST /api/clinic/logo (admin). */
export function useUploadLogo() {
  return useClinicMutation((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request('/api/clinic/logo', { method: 'POST', body: form, schema: clinicSettings });
  });
}

/** DELETE /api/clinic/logo (admin). */
export function useDeleteLogo() {
  return useClinicMutation(() => request('/api/clinic/logo', { method: 'DELETE', schema: clinicSettings }));
}
