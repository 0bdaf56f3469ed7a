import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lettersResponse,
  printResponse,
  saveLetterResponse,
  type SaveLetterRequest,
} from '@odonto/domain/contracts/letters';
import { request, segment } from '../../lib/http';

export const letterKeys = {
  list: (patientId: string) => ['letters', patientId] as const,
};

/** GET /api/scrisori/{patientId}: the patient's letters, newest first. */
export function useLetters(patientId: string) {
  return useQuery({
    queryKey: letterKeys.list(patientId),
    queryFn: ({ signal }) =>
      request(`/api/scrisori/${segment(patientId)}`, { schema: lettersResponse, signal }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/save-scrisoare {id, text}: answers the patient with the saved letter (`scrisoare`). */
export function useSaveLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLetterRequest) =>
      request('/api/save-scrisoare', { method: 'POST', body: input, schema: saveLetterResponse }),
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: letterKeys.list(saved._id) }),
    meta: { isErrorHandled: true },
  });
}

/** POST /api/print-scrisoare/{patientId}/{letterId}: records a reprint; answers the print time. */
export function useRecordLetterPrint() {
  return useMutation({
    mutationFn: ({ patientId, letterId }: { patientId: string; letterId: string }) =>
      request(`/api/print-scrisoare/${segment(patientId)}/${segment(letterId)}`, {
        method: 'POST',
        schema: printResponse,
      }),
    meta: { isErrorHandled: true },
  });
}
