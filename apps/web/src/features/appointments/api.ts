import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  appointmentList,
  calendarResponse,
  reminderSettings,
  type Appointment,
  type AppointmentDelete,
  type AppointmentInput,
  type AppointmentUpdate,
  type CalendarQuery,
  type CalendarResponse,
  type ReminderSettings,
} from '@odonto/domain/contracts/appointments';
import { doctor, patient, patientListResponse, type PatientInput } from '@odonto/domain/contracts/patients';
import { request, segment } from '../../lib/http';

export const appointmentKeys = {
  all: ['appointments'] as const,
  patient: (patientId: string) => ['appointments', 'patient', patientId] as const,
  calendar: (query: CalendarQuery) => ['appointments', 'calendar', query] as const,
  doctors: ['appointments', 'doctors'] as const,
  patientSearch: (text: string) => ['appointments', 'patient-search', text] as const,
};

/** SPEC.md §8: a failed call is logged; the screen or the modal tells the user. */
function logged<T>(what: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    console.error(`${what}:`, error);
    throw error;
  });
}

/** GET /api/get-programari/{patientId}: upcoming first, then past. */
export function usePatientAppointments(patientId: string) {
  return useQuery({
    queryKey: appointmentKeys.patient(patientId),
    queryFn: ({ signal }) =>
      logged(
        'Programările pacientului',
        request(`/api/get-programari/${segment(patientId)}`, { schema: appointmentList, signal }),
      ),
  });
}

/**
 * GET /api/calendar: every appointment of the days shown; the previous range stays while the next loads.
 * Read again every minute, so what the other desks book shows up without a reload.
 */
export function useCalendar(query: CalendarQuery) {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.medicId) params.set('medicId', query.medicId);
  if (query.sediu) params.set('sediu', query.sediu);
  return useQuery({
    queryKey: appointmentKeys.calendar(query),
    queryFn: ({ signal }) =>
      logged(
        'Calendarul',
        request(`/api/calendar?${params.toString()}`, { schema: calendarResponse, signal }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/get-medici: the doctors an appointment can be with. */
export function useDoctors() {
  return useQuery({
    queryKey: appointmentKeys.doctors,
    queryFn: ({ signal }) =>
      logged('Medicii', request('/api/get-medici', { schema: z.array(doctor), signal })),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/pacienti?q=: the first page of patients matching the text (the calendar's patient picker). */
export function usePatientSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: appointmentKeys.patientSearch(q),
    queryFn: ({ signal }) =>
      logged(
        'Căutare pacienți',
        request(`/api/pacienti?${new URLSearchParams({ q, page: '1' }).toString()}`, {
          schema: patientListResponse,
          signal,
        }),
      ),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** After a change: the patient's list is the answer; every calendar view is read again. */
function useStoreList(patientId: string) {
  const queryClient = useQueryClient();
  return async (list: Appointment[]) => {
    queryClient.setQueryData(appointmentKeys.patient(patientId), list);
    await queryClient.invalidateQueries({ queryKey: ['appointments', 'calendar'] });
  };
}

/** POST /api/save-programare/{patientId} → the full list. A 409 names the clash (see isOverlap). */
export function useSaveAppointment(patientId: string) {
  const store = useStoreList(patientId);
  return useMutation({
    mutationFn: (body: AppointmentInput) =>
      logged(
        'Salvare programare',
        request(`/api/save-programare/${segment(patientId)}`, {
          method: 'POST',
          body,
          schema: appointmentList,
        }),
      ),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/update-programare/{patientId} → the full list (also how the calendar moves one). */
export function useUpdateAppointment(patientId: string) {
  const store = useStoreList(patientId);
  return useMutation({
    mutationFn: (body: AppointmentUpdate) =>
      logged(
        'Modificare programare',
        request(`/api/update-programare/${segment(patientId)}`, {
          method: 'PUT',
          body,
          schema: appointmentList,
        }),
      ),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** Every cached calendar view with `moved` in its new place (the block moves at once, not after the answer). */
function placeMoved(
  data: CalendarResponse | undefined,
  moved: AppointmentUpdate,
  medic: string | undefined,
): CalendarResponse | undefined {
  if (!data) return data;
  return {
    programari: data.programari.map((item) =>
      item._id === moved._id
        ? {
            ...item,
            createdAt: moved.createdAt,
            deLa: moved.deLa,
            panaLa: moved.panaLa,
            medicId: moved.medicId,
            medic: medic ?? item.medic,
            ...(moved.cabinetId !== undefined ? { chairId: moved.cabinetId || null } : {}),
          }
        : item,
    ),
  };
}

/**
 * PUT /api/update-programare for an appointment of any patient (the calendar's drag and drop). The move shows
 * at once; a refusal (409 overlap or stale, 4xx) puts every calendar view back as it was.
 */
export function useMoveAppointment() {
  const queryClient = useQueryClient();
  const calendars = { queryKey: ['appointments', 'calendar'] };
  return useMutation({
    mutationFn: ({ patientId, body }: { patientId: string; body: AppointmentUpdate; medic?: string }) =>
      logged(
        'Mutare programare',
        request(`/api/update-programare/${segment(patientId)}`, {
          method: 'PUT',
          body,
          schema: appointmentList,
        }),
      ),
    onMutate: async ({ body, medic }) => {
      await queryClient.cancelQueries(calendars);
      const before = queryClient.getQueriesData<CalendarResponse>(calendars);
      queryClient.setQueriesData<CalendarResponse>(calendars, (data) => placeMoved(data, body, medic));
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (list, { patientId }) => {
      queryClient.setQueryData(appointmentKeys.patient(patientId), list);
    },
    onSettled: () => queryClient.invalidateQueries(calendars),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/sterge-programare/{patientId} → the full list. */
export function useDeleteAppointment(patientId: string) {
  const store = useStoreList(patientId);
  return useMutation({
    mutationFn: (body: AppointmentDelete) =>
      logged(
        'Ștergere programare',
        request(`/api/sterge-programare/${segment(patientId)}`, {
          method: 'POST',
          body,
          schema: appointmentList,
        }),
      ),
    onSuccess: store,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/save-pacient with the few fields a booking needs (the calendar's "new patient"). */
export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientInput) =>
      logged('Salvare pacient', request('/api/save-pacient', { method: 'POST', body, schema: patient })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
    meta: { isErrorHandled: true },
  });
}

const reminderSettingsKey = ['appointments', 'reminder-settings'] as const;

/** GET /api/setari/sms-reminder (admins): read when the form opens. */
export function useReminderSettings(isEnabled: boolean) {
  return useQuery({
    queryKey: reminderSettingsKey,
    queryFn: ({ signal }) =>
      logged('Textul SMS', request('/api/setari/sms-reminder', { schema: reminderSettings, signal })),
    enabled: isEnabled,
  });
}

/** PUT /api/setari/sms-reminder: reminders queued from then on use the new text. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettings) =>
      logged(
        'Salvare text SMS',
        request('/api/setari/sms-reminder', { method: 'PUT', body, schema: reminderSettings }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsKey, saved),
    meta: { isErrorHandled: true },
  });
}
