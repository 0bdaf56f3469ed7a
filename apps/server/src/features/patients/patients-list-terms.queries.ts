import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { transformedValue } from '../../db/compiled-once';
import type { DialectName } from '../../db/dialect';
import { owingPatientCondition } from '../ledger/patient-balance.queries';
import { containsPattern, ftsPhrase, type SearchPlan } from './patient-search';

// What the patient list restricts by, as SQL terms, and the tables only the list reads: the parts the
// page and count queries of patients-list.queries.ts are built from.

/** What GET /api/pacienti restricts the list by; texts already normalised, times as ISO instants. */
export interface PatientListFilter {
  search: SearchPlan;
  judet?: string;
  oras?: string;
  tara?: string;
  medic?: string;
  isIgienizare: boolean;
  createdFrom?: string;
  createdTo?: string;
  /** The deleted patients instead of the others. */
  isDeleted: boolean;
  /** Only the patients with a balance to pay ("cu sold de plată", issue 13). */
  isOwing?: boolean;
  /** Only the patients with an appointment at this location of a clinic group (issue 14). */
  locationId?: string;
}

/**
 * The tables that only the list reads: the search keys of the patients not deleted, keyed by file number
 * (`rowid`): an FTS5 trigram table on SQLite (migration 0002), a table with a pg_trgm GIN index on
 * PostgreSQL (migration 0026); and the number of those patients per combination of the equality filters
 * (0002).
 */
// Type aliases, not interfaces: Kysely's withTables wants records with an index signature.
export type ListTables = {
  patients_search: { rowid: number; search_key: string; patients_search: string };
  /** PostgreSQL only (migration 0033): how many search keys hold each trigram of letters and digits. */
  patients_search_trigrams: { trigram: string; total: number };
  /** PostgreSQL only (migration 0034): how many search keys hold each word of four or more letters. */
  patients_search_words: { word: string; total: number };
  /** Migration 0035: how many search keys hold each run of four to six digits of their phone. */
  patients_search_digits: { digits: string; total: number };
  /** PostgreSQL only (migration 0036): each key's runs of six digits, with its file number. */
  patients_search_runs: { run: string; rowid: number };
  patient_counts: {
    judet_norm: string;
    oras_norm: string;
    tara_norm: string;
    medic_norm: string;
    igienizare: number;
    total: number;
  };
};
export type ListDatabase = Database & ListTables;

/**
 * Both databases search the patients not deleted through their search table: always for 3+ characters,
 * and for 1–2 when nothing else narrows the list (a short search with a filter walks the filter's index
 * instead, and tests each row's key). The deleted patients are not in that table.
 */
export function isSearchedInIndex(filter: PatientListFilter): boolean {
  if (filter.isDeleted) return false;
  const { kind } = filter.search;
  return kind === 'trigram' || (kind === 'short' && !hasEqualityFilter(filter) && !hasDateRange(filter));
}

/** Nothing narrows a search but the search itself (the search table holds exactly the patients not deleted). */
export function isSearchOnly(filter: PatientListFilter): boolean {
  return !hasDateRange(filter) && !hasEqualityFilter(filter) && !hasSubsetFilter(filter) && !filter.isDeleted;
}

/** A filter the patients' own columns do not hold: a balance to pay, or an appointment at a location. */
export function hasSubsetFilter(filter: PatientListFilter): boolean {
  return filter.isOwing === true || filter.locationId !== undefined;
}

export function hasDateRange(filter: PatientListFilter): boolean {
  return filter.createdFrom !== undefined || filter.createdTo !== undefined;
}

export function hasEqualityFilter(filter: PatientListFilter): boolean {
  return (
    filter.judet !== undefined ||
    filter.oras !== undefined ||
    filter.tara !== undefined ||
    filter.medic !== undefined ||
    filter.isIgienizare
  );
}

/**
 * Deleted or not, the equality filters, the creation-day range and a search not served by the search table
 * (see likeCondition), on the patients table. `deleted_at is null` is always written out: SQLite uses a
 * partial index only when the query's own WHERE implies the index's. `isDateWalked`: the range as
 * `+created_at`, which no index serves (see patientPageQuery).
 */
export function patientConditions(
  eb: ExpressionBuilder<ListDatabase, 'patients'>,
  dialect: DialectName,
  filter: PatientListFilter,
  options: { isDateWalked?: boolean } = {},
): Expression<SqlBool> {
  const createdAt = options.isDateWalked
    ? sql<string>`+${sql.ref('patients.created_at')}`
    : eb.ref('patients.created_at');
  const terms = [
    eb('patients.deleted_at', filter.isDeleted ? 'is not' : 'is', null),
    ...equalityTerms(eb, 'patients', filter),
  ];
  if (filter.createdFrom !== undefined) terms.push(eb(createdAt, '>=', filter.createdFrom));
  if (filter.createdTo !== undefined) terms.push(eb(createdAt, '<=', filter.createdTo));
  if (filter.isOwing) terms.push(owingPatientCondition());
  if (filter.locationId !== undefined) terms.push(seenAtLocationCondition(filter.locationId));
  const { search } = filter;
  if (search.kind !== 'all' && !isSearchedInIndex(filter)) terms.push(likeCondition(search.needle));
  return eb.and(terms);
}

/** judet, oras, tara, medic (normalised equality) and igienizare, on the patients or their counts. */
export function equalityTerms<T extends 'patients' | 'patient_counts'>(
  eb: ExpressionBuilder<ListDatabase, T>,
  table: T,
  filter: PatientListFilter,
): Expression<SqlBool>[] {
  const column = (name: keyof ListTables['patient_counts']) => sql.ref<string | number>(`${table}.${name}`);
  const terms: Expression<SqlBool>[] = [];
  if (filter.judet !== undefined) terms.push(eb(column('judet_norm'), '=', filter.judet));
  if (filter.oras !== undefined) terms.push(eb(column('oras_norm'), '=', filter.oras));
  if (filter.tara !== undefined) terms.push(eb(column('tara_norm'), '=', filter.tara));
  if (filter.medic !== undefined) terms.push(eb(column('medic_norm'), '=', filter.medic));
  if (filter.isIgienizare) terms.push(eb(column('igienizare'), '=', 1));
  return terms;
}

/**
 * The search through the search table. SQLite: 3+ characters as an FTS5 trigram phrase (a substring match
 * served by the index), 1–2 characters as LIKE over the index's own keys (read in full, but far narrower
 * than the patients' rows, and in file-number order for the page). PostgreSQL: LIKE on the table's keys,
 * which its pg_trgm GIN index serves for 3+ characters.
 */
export function searchIndexCondition(
  dialect: DialectName,
  search: Exclude<SearchPlan, { kind: 'all' }>,
): Expression<SqlBool> {
  return search.kind === 'trigram' && dialect === 'sqlite'
    ? sql<SqlBool>`patients_search match ${transformedValue(search.needle, ftsPhrase)}`
    : sql<SqlBool>`patients_search.search_key like ${transformedValue(search.needle, containsPattern)} escape '\\'`;
}

/** The patient has a live appointment at the location (the appointments' index by patient serves it). */
function seenAtLocationCondition(locationId: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from appointments where appointments.patient_id = patients.id and appointments.deleted_at is null and appointments.location_id = ${locationId})`;
}

/**
 * The search on the patients' own keys: the search among deleted patients, whom the search table leaves
 * out, and a short search narrowed by a filter (each row of the filter's index tested).
 */
function likeCondition(needle: string): Expression<SqlBool> {
  return sql<SqlBool>`patients.search_key like ${transformedValue(needle, containsPattern)} escape '\\'`;
}
