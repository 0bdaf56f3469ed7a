import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  anonymiseResult,
  retentionReport,
  retentionSettings,
  type RetentionSettings,
  type RetentionSettingsUpdate,
} from '@odonto/domain/contracts/gdpr-erasure';
import { request, segment } from '../../lib/http';

export const erasureKeys = {
  settings: ['gdpr', 'retention', 'settings'] as const,
  reports: ['gdpr', 'retention', 'report'] as const,
  report: (page: number) => ['gdpr', 'retention', 'report', page] as const,
};

/** GET /api/settings/gdpr-retention (admin): the retention period in years. */
export const retentionSettingsQuery = queryOptions({
  queryKey: erasureKeys.settings,
  queryFn: ({ signal }) => request('/api/settings/gdpr-retention', { schema: retentionSettings, signal }),
  meta: { isErrorHandled: true },
});

export function useRetentionSettings() {
  return useQuery(retentionSettingsQuery);
}

/** PUT /api/settings/gdpr-retention (admin); 409 when someone saved meanwhile. The report follows the period. */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionSettingsUpdate): Promise<RetentionSettings> =>
      request('/api/settings/gdpr-retention', { method: 'PUT', body: input, schema: retentionSettings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(erasureKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: erasureKeys.reports });
    },
    meta: { isErrorHandled: true },
  });
}

/** GET /api/gdpr/retentie?page= (admin): the patients past the retention period. */
export function useRetentionReport(page: number) {
  return useQuery({
    queryKey: erasureKeys.report(page),
    queryFn: ({ signal }) => request(`/api/gdpr/retentie?page=${page}`, { schema: retentionReport, signal }),
    placeholderData: keepPreviousData,
    meta: { isErrorHandled: true },
  });
}

/**
 * POST /api/pacienti/{id}/anonimizare (admin). The patient's name changes wherever it shows (list, header,
 * calendar, report), so every query is read again.
 */
export function useAnonymisePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: string) =>
      request(`/api/pacienti/${segment(patientId)}/anonimizare`, {
        method: 'POST',
        body: {},
        schema: anonymiseResult,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
    meta: { isErrorHandled: true },
  });
}
