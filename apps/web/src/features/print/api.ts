import { useMutation, useQuery } from '@tanstack/react-query';
import { appointmentList } from '@odonto/domain/contracts/appointments';
import { printResponse } from '@odonto/domain/contracts/letters';
import { patientSignatures } from '@odonto/domain/contracts/signatures';
import { request, segment } from '../../lib/http';

export const printKeys = {
  appointments: (patientId: string) => ['print', 'appointments', patientId] as const,
  signatures: (patientId: string) => ['print', 'signatures', patientId] as const,
};

/** GET /api/get-programari/{patientId}: the appointments printed in the patient file. */
export function usePrintAppointments(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: printKeys.appointments(patientId),
    queryFn: ({ signal }) =>
      request(`/api/get-programari/${segment(patientId)}`, { schema: appointmentList, signal }),
    enabled,
    staleTime: 0,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/signatures/{patientId}: the patient's e-signatures, each with whether it still matches. */
export function usePrintSignatures(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: printKeys.signatures(patientId),
    queryFn: ({ signal }) =>
      request(`/api/signatures/${segment(patientId)}`, { schema: patientSignatures, signal }),
    enabled,
    staleTime: 0,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/print-pacient/{id}: records the print (audit) and answers the time printed on the pages. */
export function useRecordPatientPrint() {
  return useMutation({
    mutationFn: (patientId: string) =>
      request(`/api/print-pacient/${segment(patientId)}`, { method: 'POST', schema: printResponse }),
    meta: { isErrorHandled: true },
  });
}
