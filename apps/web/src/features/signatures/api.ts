import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  patientSignatures,
  signatureRequestState,
  type SignaturePayload,
  type SignatureRecord,
  type SignatureRequestCreate,
} from '@odonto/domain/contracts/signatures';
import { signatureAnswer } from '@odonto/domain/contracts/signatures-answer';
import { request, segment } from '../../lib/http';

/**
 * The signatures calls. Published to other features (docs/decisions/0009): usePatientSignatures and
 * signatureImagePath, e.g. for the printed patient file.
 */

/** Where a signature's PNG is served (signed-in staff only). */
export function signatureImagePath(patientId: string, image: string): string {
  return `/history-imgs/${segment(patientId)}/${segment(image)}`;
}

export function patientSignaturesKey(patientId: string) {
  return ['signatures', 'patient', patientId] as const;
}

/** GET /api/signatures/{patientId}: the patient's signatures, newest first, each matching or not. */
export function usePatientSignatures(patientId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: patientSignaturesKey(patientId),
    queryFn: ({ signal }): Promise<SignatureRecord[]> =>
      request(`/api/signatures/${segment(patientId)}`, { schema: patientSignatures, signal }),
    enabled: options.enabled ?? true,
  });
}

/** The patients feature's key of GET /api/get-pacient/{id} (the history, and its signatures, live there). */
function patientDetailKey(patientId: string) {
  return ['patients', 'detail', patientId] as const;
}

function useInvalidateSigned() {
  const queryClient = useQueryClient();
  return (patientId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: patientDetailKey(patientId) }),
      queryClient.invalidateQueries({ queryKey: patientSignaturesKey(patientId) }),
    ]);
}

/** POST /api/signature: stores and activates a signature (an entry, a consent or a station request). */
export function useActivateSignature() {
  const invalidate = useInvalidateSigned();
  return useMutation({
    mutationFn: (payload: SignaturePayload) =>
      request('/api/signature', { method: 'POST', body: payload, schema: signatureAnswer }),
    onSuccess: (answer) => invalidate(answer.signature.patientId),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/signature-requests: sends what is to be signed to the signature station. */
export function useSendSignatureRequest() {
  return useMutation({
    mutationFn: (body: SignatureRequestCreate) =>
      request('/api/signature-requests', { method: 'POST', body, schema: signatureRequestState }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/signature-requests/{id}/cancel. */
export function useCancelSignatureRequest() {
  return useMutation({
    mutationFn: (id: string) =>
      request(`/api/signature-requests/${segment(id)}/cancel`, {
        method: 'POST',
        schema: signatureRequestState,
      }),
    meta: { isErrorHandled: true },
  });
}

/** How often the staff screen asks whether the patient has signed on the station. */
export const REQUEST_POLL_MS = 1500;

/**
 * GET /api/signature-requests/{id}, asked again every REQUEST_POLL_MS while it is pending; once signed,
 * the patient (its history) and its signatures are read again and `onSigned` gets the signature.
 */
export function useSignatureRequestState(
  id: string | null,
  patientId: string,
  onSigned: (signature: SignatureRecord) => void,
) {
  const invalidate = useInvalidateSigned();
  return useQuery({
    queryKey: ['signatures', 'request', id],
    queryFn: async ({ signal }) => {
      const state = await request(`/api/signature-requests/${segment(id ?? '')}`, {
        schema: signatureRequestState,
        signal,
      });
      if (state.status === 'signed' && state.signature) {
        await invalidate(patientId);
        onSigned(state.signature);
      }
      return state;
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || !query.state.data ? REQUEST_POLL_MS : false,
  });
}
