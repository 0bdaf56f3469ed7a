import type { PatientListQuery } from './contracts/patients';
import { can } from './roles';

/**
 * The patient list's search and filters as they sit in the page address (`/pacienti?q=…&judet=…&page=2`),
 * and the GET /api/pacienti call they make. Shared by the web app, which keeps the list's state in the
 * address, and the server, which names that call in the list page's HTML so the browser asks for it
 * while the app's code still loads (issue 20).
 */
export interface ListFilters {
  q: string;
  judet: string;
  oras: string;
  tara: string;
  medic: string;
  igienizare: boolean;
  from: string;
  to: string;
  /** Admins: the deleted patients instead (a mode of the list rather than a filter). */
  deleted: boolean;
  /** "cu sold de plată": only the patients with a balance to pay (issue 13; `?sold=de-plata`). */
  owing: boolean;
  /** A clinic group's location: the patients with an appointment there (issue 14; `?sediu=`). */
  sediu: string;
}

const TEXT_KEYS = ['q', 'judet', 'oras', 'tara', 'medic', 'sediu'] as const;
const DAY_KEYS = ['from', 'to'] as const;
const FLAG_KEYS = ['igienizare', 'deleted'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of an address; a hand-edited bad date or flag is ignored rather than sent. */
export function readFilters(params: URLSearchParams): ListFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const day = (key: string) => (ISO_DAY.test(text(key)) ? text(key) : '');
  return {
    q: text('q'),
    judet: text('judet'),
    oras: text('oras'),
    tara: text('tara'),
    medic: text('medic'),
    sediu: text('sediu'),
    igienizare: params.get('igienizare') === 'true',
    from: day('from'),
    to: day('to'),
    deleted: params.get('deleted') === 'true',
    owing: params.get('sold') === 'de-plata',
  };
}

/** The page of an address: a whole number from 1; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The GET /api/pacienti query for these filters and page. */
export function toListQuery(filters: ListFilters, page: number): PatientListQuery {
  const query: PatientListQuery = { page };
  for (const key of TEXT_KEYS) if (filters[key] !== '') query[key] = filters[key];
  for (const key of DAY_KEYS) if (filters[key] !== '') query[key] = filters[key];
  for (const key of FLAG_KEYS) if (filters[key]) query[key] = true;
  if (filters.owing) query.sold = 'de-plata';
  return query;
}

/** The address for these filters and page: only what is set; page 1 is left out. */
export function toSearchParams(filters: ListFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...TEXT_KEYS, ...DAY_KEYS]) if (filters[key] !== '') params.set(key, filters[key]);
  for (const key of FLAG_KEYS) if (filters[key]) params.set(key, 'true');
  if (filters.owing) params.set('sold', 'de-plata');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** True when any filter or the search narrows the list. */
export function hasActiveFilters(filters: ListFilters): boolean {
  return (
    [...TEXT_KEYS, ...DAY_KEYS].some((key) => filters[key] !== '') || filters.igienizare || filters.owing
  );
}

/** The list query's search string: only the filters that are set, `page` always. */
export function listSearch(query: PatientListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The GET /api/pacienti call the list page at this address makes for a user with these roles, or null
 * when the roles may not open the list. Only a user who may restore patients gets the deleted list.
 */
export function patientListCall(params: URLSearchParams, roles: readonly string[]): string | null {
  if (!can(roles, 'read:patient')) return null;
  const filters = readFilters(params);
  const deleted = filters.deleted && can(roles, 'restore:patient');
  return `/api/pacienti?${listSearch(toListQuery({ ...filters, deleted }, readPage(params)))}`;
}
