import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cycle,
  cycleTraceResponse,
  dailyTestsResponse,
  instrument,
  instrumentHistoryEvent,
  patientTraceResponse,
  registerResponse,
  sterilisationIdResponse,
  sterilisationSettings,
  sterilisedInstrument,
  type CycleRequestInput,
  type DailyTestRequest,
  type InstrumentCreate,
  type InstrumentUpdate,
  type SterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import { request, segment } from '../../lib/http';

export const sterilisationKeys = {
  all: ['sterilisation'] as const,
  instruments: (q: string) => ['sterilisation', 'instruments', q] as const,
  available: ['sterilisation', 'available'] as const,
  cycle: (id: number) => ['sterilisation', 'cycle', id] as const,
  label: (id: number) => ['sterilisation', 'label', id] as const,
  trace: (id: number) => ['sterilisation', 'trace', id] as const,
  history: (nume: string, zi: string) => ['sterilisation', 'history', nume, zi] as const,
  instrumentHistory: (id: string, zi: string) => ['sterilisation', 'instrument-history', id, zi] as const,
  dailyTests: (locationId: string | null) => ['sterilisation', 'daily-tests', locationId] as const,
  register: (from: string, to: string, locationId: string | null) =>
    ['sterilisation', 'register', from, to, locationId] as const,
  patient: (fileNumber: number) => ['sterilisation', 'patient', fileNumber] as const,
  settings: ['sterilisation', 'settings'] as const,
};

/** Any change to the register can change every list of it: read them all again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sterilisationKeys.all });
}

/** GET /api/instruments?q=: instruments whose name starts with `q`. */
export function useInstruments(q: string) {
  return useQuery({
    queryKey: sterilisationKeys.instruments(q),
    queryFn: ({ signal }) =>
      request(`/api/instruments?q=${encodeURIComponent(q)}`, { schema: z.array(instrument), signal }),
    placeholderData: (previous) => previous,
  });
}

export function useCreateInstrument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InstrumentCreate) =>
      request('/api/instruments', { method: 'POST', body, schema: instrument }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

export function useUpdateInstrument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InstrumentUpdate) =>
      request('/api/instruments', { method: 'PUT', body, schema: instrument }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

export function useDeleteInstrument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => request(`/api/instrument/${segment(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/instrument/sterilizare/get-id: a new sterilisation id for a pouch (a mutation: it uses one up). */
export function useReserveId() {
  return useMutation({
    mutationFn: () => request('/api/instrument/sterilizare/get-id', { schema: sterilisationIdResponse }),
    meta: { isErrorHandled: true },
  });
}

export function useRecordCycle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CycleRequestInput) =>
      request('/api/instrument/sterilizare', { method: 'POST', body, schema: cycle }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

export function useRecordBiological(cycleId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (biological: 'pass' | 'fail') =>
      request(`/api/instrument/sterilizare/${cycleId}/indicator-biologic`, {
        method: 'POST',
        body: { biological },
        schema: cycle,
      }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/instrument/eticheta/{id}: the load of a scanned label. */
export function useFindLabel() {
  return useMutation({
    mutationFn: (id: number) => request(`/api/instrument/eticheta/${id}`, { schema: cycle }),
    meta: { isErrorHandled: true },
  });
}

/**
 * The loads of these sterilisation ids (GET /api/instrument/eticheta/{id} each): whether an instrument
 * already used came from a load that failed since. Answers the failed ids.
 */
export function useFailedPouches(ids: readonly number[]): ReadonlySet<number> {
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: sterilisationKeys.label(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request(`/api/instrument/eticheta/${id}`, { schema: cycle, signal }),
      retry: false,
    })),
  });
  return new Set(ids.filter((_, index) => answers[index]?.data?.status === 'neconform'));
}

export function useCycleTrace(cycleId: number) {
  return useQuery({
    queryKey: sterilisationKeys.trace(cycleId),
    queryFn: ({ signal }) =>
      request(`/api/instrument/sterilizare/${cycleId}/pacienti`, { schema: cycleTraceResponse, signal }),
  });
}

/** GET /api/instrument/istoric: sterilisations and uses by instrument name prefix, on one whole day. */
export function useInstrumentHistory(nume: string, zi: string, enabled = true) {
  return useQuery({
    queryKey: sterilisationKeys.history(nume, zi),
    queryFn: ({ signal }) =>
      request(`/api/instrument/istoric?nume=${encodeURIComponent(nume)}&zi=${encodeURIComponent(zi)}`, {
        schema: z.array(instrumentHistoryEvent),
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** GET /api/instrument/get-history/{id}: one instrument's sterilisations and uses, on one whole day. */
export function useInstrumentHistoryById(id: string | undefined, zi: string) {
  return useQuery({
    queryKey: sterilisationKeys.instrumentHistory(id ?? '', zi),
    queryFn: ({ signal }) =>
      request(`/api/instrument/get-history/${segment(id ?? '')}?zi=${encodeURIComponent(zi)}`, {
        schema: z.array(instrumentHistoryEvent),
        signal,
      }),
    enabled: id !== undefined,
  });
}

/** The `sediu` query of a clinic group's location ('' outside a group: every autoclave). */
function locationQuery(locationId: string | null, separator: '?' | '&'): string {
  return locationId ? `${separator}sediu=${encodeURIComponent(locationId)}` : '';
}

/** GET /api/instrument/test-zilnic: today's tests, of one location's autoclaves in a clinic group. */
export function useDailyTests(locationId: string | null) {
  return useQuery({
    queryKey: sterilisationKeys.dailyTests(locationId),
    queryFn: ({ signal }) =>
      request(`/api/instrument/test-zilnic${locationQuery(locationId, '?')}`, {
        schema: dailyTestsResponse,
        signal,
      }),
  });
}

export function useRecordDailyTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DailyTestRequest) =>
      request('/api/instrument/test-zilnic', { method: 'POST', body, schema: dailyTestsResponse }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

export function useRegister(from: string, to: string, locationId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: sterilisationKeys.register(from, to, locationId),
    queryFn: ({ signal }) =>
      request(`/api/instrument/registru?from=${from}&to=${to}${locationQuery(locationId, '&')}`, {
        schema: registerResponse,
        signal,
      }),
    enabled,
  });
}

export function registerCsvUrl(from: string, to: string, locationId: string | null): string {
  return `/api/instrument/registru.csv?from=${from}&to=${to}${locationQuery(locationId, '&')}`;
}

export function traceCsvUrl(cycleId: number): string {
  return `/api/instrument/sterilizare/${cycleId}/pacienti.csv`;
}

export function usePatientTrace(fileNumber: number | null) {
  return useQuery({
    queryKey: sterilisationKeys.patient(fileNumber ?? 0),
    queryFn: ({ signal }) =>
      request(`/api/instrument/pacient/${fileNumber ?? 0}`, { schema: patientTraceResponse, signal }),
    enabled: fileNumber !== null,
    retry: false,
  });
}

export const settingsQuery = queryOptions({
  queryKey: sterilisationKeys.settings,
  queryFn: ({ signal }) => request('/api/instrument/setari', { schema: sterilisationSettings, signal }),
  staleTime: 5 * 60_000,
});

export function useSterilisationSettings() {
  return useQuery(settingsQuery);
}

export function useSaveSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SterilisationSettings) =>
      request('/api/instrument/setari', { method: 'PUT', body, schema: sterilisationSettings }),
    onSuccess: refresh,
    meta: { isErrorHandled: true },
  });
}

/**
 * GET /api/instrumente-sterilizate: the pouches a treatment may use now, read afresh each time a modal
 * opens (another treatment may have taken one meanwhile).
 */
export function useSterilisedInstruments() {
  return useQuery({
    queryKey: sterilisationKeys.available,
    queryFn: ({ signal }) =>
      request('/api/instrumente-sterilizate', { schema: z.array(sterilisedInstrument), signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
