import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  efacturaSettings,
  efacturaStatus,
  type EfacturaSettingsUpdate,
} from '@odonto/domain/contracts/efactura';
import { request } from '../../lib/http';

export const efacturaKeys = {
  settings: ['efactura', 'settings'] as const,
  status: ['efactura', 'status'] as const,
};

/** Where the browser goes to start the ANAF authorisation (a 302 to ANAF's consent page, not a fetch). */
export const AUTHORIZE_PATH = '/api/efactura/authorize';

/** The callback ANAF redirects to: the app's own public address + /api/efactura/callback. */
export function callbackUri(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/efactura/callback`;
}

/** GET /api/efactura/settings (admin): never the client secret, only whether one is stored. */
export function useEfacturaSettings() {
  return useQuery({
    queryKey: efacturaKeys.settings,
    queryFn: ({ signal }) => request('/api/efactura/settings', { schema: efacturaSettings, signal }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/efactura/status (admin): authorised or not, and until when. */
export function useEfacturaStatus() {
  return useQuery({
    queryKey: efacturaKeys.status,
    queryFn: ({ signal }) => request('/api/efactura/status', { schema: efacturaStatus, signal }),
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/efactura/settings (admin): 409 when another admin saved first. */
export function useSaveEfacturaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EfacturaSettingsUpdate) =>
      request('/api/efactura/settings', { method: 'PUT', body: input, schema: efacturaSettings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(efacturaKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: efacturaKeys.status });
    },
    meta: { isErrorHandled: true },
  });
}
