import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  historyList,
  stergeTratamentResponse,
  type AnuleazaTratamentRequest,
  type HistoryObj,
  type SavePunteRequest,
  type UsedInstrument,
} from '@odonto/domain/contracts/history';
import type { ToothId } from '@odonto/domain/teeth';
import { request, segment } from '../../lib/http';

/** SPEC.md §8: a failed history call is logged; the modal tells the user. */
function logged<T>(what: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    console.error(`${what}:`, error);
    throw error;
  });
}

/** A picture chosen in the modal, uploaded under its stored name. */
export interface PictureUpload {
  name: string;
  file: File;
}

/** The multipart body of save-history and update-history: `obj` as JSON plus the picture files. */
export function historyForm(
  obj: HistoryObj & { version?: number },
  pictures: readonly PictureUpload[],
  usedInstruments: readonly UsedInstrument[] = [],
): FormData {
  const form = new FormData();
  form.append('obj', JSON.stringify(obj));
  // Pouches chosen in the instruments panel: the server marks them used in the same save.
  if (usedInstruments.length > 0) form.append('usedInstruments', JSON.stringify(usedInstruments));
  for (const picture of pictures) form.append(picture.name, picture.file, picture.name);
  return form;
}

/**
 * The query key of GET /api/get-pacient/{id} as the patients feature keeps it: the history lives in the
 * patient, so every history change reads the patient again.
 */
export function patientDetailKey(patientId: string) {
  return ['patients', 'detail', patientId] as const;
}

function useInvalidatePatient(patientId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: patientDetailKey(patientId) });
}

export interface SaveHistoryVariables {
  obj: HistoryObj & { version?: number };
  pictures: readonly PictureUpload[];
  usedInstruments?: readonly UsedInstrument[];
}

/** POST /api/save-history/{patientId}: a new entry with its pictures. */
export function useSaveHistory(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: ({ obj, pictures, usedInstruments }: SaveHistoryVariables) =>
      logged(
        'Salvare tratament',
        request(`/api/save-history/${segment(patientId)}`, {
          method: 'POST',
          body: historyForm(obj, pictures, usedInstruments),
        }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/update-history/{patientId}: the changed entry (with the loaded `version`) and new pictures. */
export function useUpdateHistory(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: ({ obj, pictures, usedInstruments }: SaveHistoryVariables) =>
      logged(
        'Actualizare tratament',
        request(`/api/update-history/${segment(patientId)}`, {
          method: 'POST',
          body: historyForm(obj, pictures, usedInstruments),
        }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/sterge-tratament/{patientId} with the entry id; answers the deleted id. */
export function useDeleteTreatment(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: (id: number) =>
      logged(
        'Ștergere tratament',
        request(`/api/sterge-tratament/${segment(patientId)}`, {
          method: 'POST',
          body: { id },
          schema: stergeTratamentResponse,
        }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/anuleaza-tratament/{patientId}: cancels a signed entry with a reason; answers its id. */
export function useCancelTreatment(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: (body: AnuleazaTratamentRequest) =>
      logged(
        'Anulare tratament',
        request(`/api/anuleaza-tratament/${segment(patientId)}`, {
          method: 'POST',
          body,
          schema: stergeTratamentResponse,
        }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/save-punte/{patientId}: a new bridge. */
export function useSavePunte(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: (body: SavePunteRequest) =>
      logged('Salvare punte', request(`/api/save-punte/${segment(patientId)}`, { method: 'POST', body })),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/delete-punte/{patientId}/{entryId}: removes a bridge; answers the new history. */
export function useDeletePunte(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: (entryId: number) =>
      logged(
        'Ștergere punte',
        request(`/api/delete-punte/${segment(patientId)}/${entryId}`, { schema: historyList }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/sterge-dinte/{patientId}: toggles the tooth among the patient's removed teeth. */
export function useToggleRemovedTooth(patientId: string) {
  const invalidate = useInvalidatePatient(patientId);
  return useMutation({
    mutationFn: (dinte: ToothId) =>
      logged(
        'Ștergere dinte',
        request(`/api/sterge-dinte/${segment(patientId)}`, { method: 'POST', body: { dinte } }),
      ),
    onSuccess: invalidate,
    meta: { isErrorHandled: true },
  });
}
