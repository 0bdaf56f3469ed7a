import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsByKind, type DocumentsByKind, type UpdateDocObj } from '@odonto/domain/contracts/documents';
import { request, segment } from '../../lib/http';

export const documentKeys = {
  list: (patientId: string) => ['documents', patientId] as const,
};

/** GET /api/documents/{patientId}: the patient's documents by kind. */
export function documentsQuery(patientId: string) {
  return queryOptions({
    queryKey: documentKeys.list(patientId),
    queryFn: ({ signal }) =>
      request(`/api/documents/${segment(patientId)}`, { schema: documentsByKind, signal }),
  });
}

export function useDocuments(patientId: string) {
  return useQuery(documentsQuery(patientId));
}

export interface SaveDocumentVariables {
  obj: UpdateDocObj;
  /** The new document's file; a note and an edit have none. */
  file: File | null;
}

/** The multipart body of update-doc: `obj` as JSON first, then the file (SPEC.md §7). */
export function documentForm({ obj, file }: SaveDocumentVariables): FormData {
  const form = new FormData();
  form.append('obj', JSON.stringify(obj));
  if (file) form.append('file', file, file.name);
  return form;
}

/** Both writes answer the whole list: it replaces the cached one. */
function useSetDocuments(patientId: string) {
  const queryClient = useQueryClient();
  return (documents: DocumentsByKind) => queryClient.setQueryData(documentKeys.list(patientId), documents);
}

/** POST /api/update-doc/{patientId}: adds a document (no `obj.id`) or changes its label, date, text. */
export function useSaveDocument(patientId: string) {
  const setDocuments = useSetDocuments(patientId);
  return useMutation({
    mutationFn: (variables: SaveDocumentVariables) =>
      request(`/api/update-doc/${segment(patientId)}`, {
        method: 'POST',
        body: documentForm(variables),
        schema: documentsByKind,
      }),
    onSuccess: setDocuments,
    meta: { isErrorHandled: true },
  });
}

/** POST /api/delete-doc/{patientId}: deletes (soft) the document of the loaded version. */
export function useDeleteDocument(patientId: string) {
  const setDocuments = useSetDocuments(patientId);
  return useMutation({
    mutationFn: (document: { id: string; version: number }) =>
      request(`/api/delete-doc/${segment(patientId)}`, {
        method: 'POST',
        body: document,
        schema: documentsByKind,
      }),
    onSuccess: setDocuments,
    meta: { isErrorHandled: true },
  });
}
