import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  invoice,
  invoiceEmailResponse,
  invoiceListResponse,
  invoiceSettings,
  patientInvoicesResponse,
  type InvoiceEmailRequest,
  type InvoiceSettingsUpdate,
  type IssueInvoiceRequest,
} from '@odonto/domain/contracts/invoices';
import { efacturaSubmission, type ResolveSubmissionInput } from '@odonto/domain/contracts/efactura';
import { request, segment } from '../../lib/http';

export interface InvoiceFilters {
  luna?: string;
  serie?: string;
  stare?: string;
  page: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: InvoiceFilters) => ['invoices', 'list', filters] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  patient: (patientId: string) => ['invoices', 'patient', patientId] as const,
  settings: ['invoices', 'settings'] as const,
};

// Issuing or reversing changes what the patient's account shows as invoiced (the ledger's query key).
const ACCOUNT = (patientId: string) => ['ledger', 'account', patientId] as const;

function listPath(filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.luna) params.set('luna', filters.luna);
  if (filters.serie) params.set('serie', filters.serie);
  if (filters.stare) params.set('stare', filters.stare);
  params.set('page', String(filters.page));
  return `/api/facturi?${params.toString()}`;
}

/** GET /api/facturi: the documents, newest first (a doctor's narrowed to their patients by the server). */
export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }) => request(listPath(filters), { schema: invoiceListResponse, signal }),
    placeholderData: keepPreviousData,
    meta: { isErrorHandled: true },
  });
}

/** GET /api/facturi/{id}: the document and its e-Factura state (refreshed while ANAF has not answered). */
export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => request(`/api/facturi/${segment(id ?? '')}`, { schema: invoice, signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.efactura?.state;
      return state === 'queued' || state === 'uploading' || state === 'uploaded' ? 5_000 : false;
    },
    meta: { isErrorHandled: true },
  });
}

/** GET /api/pacienti/{id}/facturi: the patient's documents and the charges still to invoice. */
export function usePatientInvoices(patientId: string, isEnabled = true) {
  return useQuery({
    queryKey: invoiceKeys.patient(patientId),
    queryFn: ({ signal }) =>
      request(`/api/pacienti/${segment(patientId)}/facturi`, { schema: patientInvoicesResponse, signal }),
    enabled: isEnabled,
    meta: { isErrorHandled: true },
  });
}

function useInvoiceWrite<Input>(send: (input: Input) => Promise<z.infer<typeof invoice>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      queryClient.setQueryData(invoiceKeys.detail(saved.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT(saved.patientId) }),
      ]);
    },
    meta: { isErrorHandled: true },
  });
}

/** POST /api/facturi: issues the invoice (numbered and queued for e-Factura by the server). */
export function useIssueInvoice() {
  return useInvoiceWrite((input: IssueInvoiceRequest) =>
    request('/api/facturi', { method: 'POST', body: input, schema: invoice }),
  );
}

/** POST /api/facturi/{id}/storno (admin): the credit note. */
export function useStornoInvoice() {
  return useInvoiceWrite(({ id, reason }: { id: string; reason: string }) =>
    request(`/api/facturi/${segment(id)}/storno`, { method: 'POST', body: { reason }, schema: invoice }),
  );
}

/** POST /api/facturi/{id}/email: the PDF by e-mail. */
export function useEmailInvoice() {
  return useMutation({
    mutationFn: ({ id, ...body }: InvoiceEmailRequest & { id: string }) =>
      request(`/api/facturi/${segment(id)}/email`, { method: 'POST', body, schema: invoiceEmailResponse }),
    meta: { isErrorHandled: true },
  });
}

/** GET /api/facturi-setari */
export function useInvoiceSettings() {
  return useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: ({ signal }) => request('/api/facturi-setari', { schema: invoiceSettings, signal }),
    meta: { isErrorHandled: true },
  });
}

/** PUT /api/facturi-setari (admin) */
export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceSettingsUpdate) =>
      request('/api/facturi-setari', { method: 'PUT', body: input, schema: invoiceSettings }),
    onSuccess: (saved) => queryClient.setQueryData(invoiceKeys.settings, saved),
    meta: { isErrorHandled: true },
  });
}

/** Where the browser downloads a document's files (same-origin GETs with the session cookie). */
export const invoiceFileUrl = {
  xml: (id: string) => `/api/facturi/${segment(id)}/xml`,
  answer: (id: string) => `/api/facturi/${segment(id)}/raspuns`,
  pdf: (id: string) => `/api/facturi/${segment(id)}/pdf`,
  month: (luna: string) => `/api/facturi/export?luna=${segment(luna)}`,
};

/**
 * POST /api/efactura/submissions/{id}/resolve (admin): a submission to check in SPV (or that failed) gets
 * the upload index SPV shows, or is sent again once the admin made sure ANAF does not have it.
 */
export function useResolveSubmission(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResolveSubmissionInput) =>
      request(`/api/efactura/submissions/${segment(documentId)}/resolve`, {
        method: 'POST',
        body: input,
        schema: efacturaSubmission,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    meta: { isErrorHandled: true },
  });
}
