import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backupRun,
  backupSettings,
  type BackupScheduleUpdate,
  type BackupSettings,
} from '@odonto/domain/contracts/backups';
import { request } from '../../lib/http';

export const backupKeys = { settings: ['settings', 'backups'] as const };

/** GET /api/settings/backups (admin): the schedule and the last run; looked at again while a run is under way. */
export const backupSettingsQuery = queryOptions({
  queryKey: backupKeys.settings,
  queryFn: ({ signal }) => request('/api/settings/backups', { schema: backupSettings, signal }),
  refetchInterval: (query) => (query.state.data?.lastRun?.result === 'running' ? 1500 : false),
  meta: { isErrorHandled: true },
});

export function useBackupSettings() {
  return useQuery(backupSettingsQuery);
}

/** PUT /api/settings/backups (admin); 409 when someone saved meanwhile, 422 a directory the server cannot write. */
export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupScheduleUpdate): Promise<BackupSettings> =>
      request('/api/settings/backups', { method: 'PUT', body: input, schema: backupSettings }),
    onSuccess: (saved) => queryClient.setQueryData(backupKeys.settings, saved),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/settings/backups/run (admin): starts a backup now; the settings show how it ends. */
export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('/api/settings/backups/run', { method: 'POST', schema: backupRun }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.settings }),
    meta: { isErrorHandled: true },
  });
}
