import { useSearchParams } from 'react-router';
import type { AuditFilterQuery } from '@odonto/domain/contracts/audit';

/** The audit screen's filters as they sit in the address (`?patient=…&from=…&page=2`). */
export interface AuditFilters {
  /** An email or a user id. */
  user: string;
  /** A patient's `_id`: `/audit?patient=<_id>` answers "who looked at my file". */
  patient: string;
  action: string;
  from: string;
  to: string;
}

const KEYS = ['user', 'patient', 'action', 'from', 'to'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NO_FILTERS: AuditFilters = { user: '', patient: '', action: '', from: '', to: '' };

/** The filters of an address; a hand-edited bad date is ignored rather than sent. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const day = (key: string) => (ISO_DAY.test(text(key)) ? text(key) : '');
  return {
    user: text('user'),
    patient: text('patient'),
    action: text('action'),
    from: day('from'),
    to: day('to'),
  };
}

/** The page of an address: a whole number from 1; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Only the filters that are set, in a fixed order; page 1 is left out. */
export function toAuditSearch(filters: AuditFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key] !== '') params.set(key, filters[key]);
  if (page > 1) params.set('page', String(page));
  return params;
}

export function toFilterQuery(filters: AuditFilters): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  for (const key of KEYS) if (filters[key] !== '') query[key] = filters[key];
  return query;
}

/** GET /api/audit's query as the screen sends it. */
export type AuditListParams = AuditFilterQuery & { page: number };

export function toListQuery(filters: AuditFilters, page: number): AuditListParams {
  return { ...toFilterQuery(filters), page };
}

/** The CSV export of exactly the rows the screen's filters select. */
export function exportHref(filters: AuditFilters): string {
  const search = toAuditSearch(filters).toString();
  return search ? `/api/audit/export.csv?${search}` : '/api/audit/export.csv';
}

export function hasActiveFilters(filters: AuditFilters): boolean {
  return KEYS.some((key) => filters[key] !== '');
}

/** The screen's state kept in the address; any filter change goes back to page 1. */
export function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAuditFilters(searchParams);
  const page = readPage(searchParams);

  function setFilters(patch: Partial<AuditFilters>) {
    setSearchParams((current) => toAuditSearch({ ...readAuditFilters(current), ...patch }, 1));
  }

  function setPage(next: number) {
    setSearchParams((current) => toAuditSearch(readAuditFilters(current), Math.max(1, next)));
  }

  function resetFilters() {
    setSearchParams(new URLSearchParams());
  }

  return { filters, page, setFilters, setPage, resetFilters };
}
