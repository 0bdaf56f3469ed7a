import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditActionsResponse, auditListResponse, auditUsersResponse } from '@odonto/domain/contracts/audit';
import { patientListResponse } from '@odonto/domain/contracts/patients';
import { request } from '../../lib/http';
import type { AuditListParams } from './audit-params';

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditListParams) => ['audit', 'list', query] as const,
  actions: ['audit', 'actions'] as const,
  users: ['audit', 'users'] as const,
  patientSearch: (q: string) => ['audit', 'patient-search', q] as const,
};

function searchOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/audit: one page of 50, newest first; the previous page stays shown while the next loads. */
export function auditListQuery(query: AuditListParams) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => request(`/api/audit?${searchOf(query)}`, { schema: auditListResponse, signal }),
    placeholderData: keepPreviousData,
    // The screen shows the failure in place.
    meta: { isErrorHandled: true },
  });
}

export function useAuditList(query: AuditListParams) {
  return useQuery(auditListQuery(query));
}

/** GET /api/audit/actions: the actions present in the log, for the action filter. */
export function useAuditActions() {
  return useQuery({
    queryKey: auditKeys.actions,
    queryFn: ({ signal }) => request('/api/audit/actions', { schema: auditActionsResponse, signal }),
    staleTime: 60_000,
  });
}

/** GET /api/audit/users: the emails present in the log with the account's name, for the user filter. */
export function useAuditUsers() {
  return useQuery({
    queryKey: auditKeys.users,
    queryFn: ({ signal }) => request('/api/audit/users', { schema: auditUsersResponse, signal }),
    staleTime: 60_000,
  });
}

/** The smallest search the patient picker sends (the list search itself accepts one letter). */
export const PATIENT_SEARCH_MIN = 2;

/** GET /api/pacienti?q=: the first page of matches, to pick the patient to filter by (not a record view). */
export function usePatientSearch(q: string) {
  return useQuery({
    queryKey: auditKeys.patientSearch(q),
    queryFn: ({ signal }) =>
      request(`/api/pacienti?${searchOf({ q, page: 1 })}`, { schema: patientListResponse, signal }),
    enabled: q.length >= PATIENT_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
