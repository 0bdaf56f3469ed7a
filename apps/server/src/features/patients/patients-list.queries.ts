import {
  sql,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { PATIENT_PAGE_SIZE } from '@odonto/domain/contracts/patients';
import { countLimit } from '@odonto/domain/contracts/paging';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
import { owingPatientCondition } from '../ledger/patient-balance.queries';
import { containsPattern, ftsPhrase, type SearchPlan } from './patient-search';
import type { PatientListRow } from './patients.presenter';

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
}

/**
 * The tables of migration 0002 that only the list reads (db/migrations/0002-patients.ts): the FTS5 index
 * of the search keys of the patients not deleted (SQLite; rowid = file number), and the number of those
 * patients per combination of the equality filters.
 */
// Type aliases, not interfaces: Kysely's withTables wants records with an index signature.
type ListTables = {
  patients_search: { rowid: number; search_key: string; patients_search: string };
  patient_counts: {
    judet_norm: string;
    oras_norm: string;
    tara_norm: string;
    medic_norm: string;
    igienizare: number;
    total: number;
  };
};
type ListDatabase = Database & ListTables;

/** A built query: what the list runs, and what the plan tests explain. */
export interface ListQuery<Row> {
  compile(): CompiledQuery;
  execute(): Promise<Row[]>;
}

const LIST_COLUMNS = [
  'patients.id',
  'patients.file_number',
  'patients.nume',
  'patients.prenume',
  'patients.telefon',
  'patients.email',
  'patients.judet',
  'patients.oras',
  'patients.tara',
  'patients.medic',
  'patients.igienizare',
  'patients.blocked',
  'patients.avatar',
  'patients.created_at',
  'patients.deleted_at',
] as const;

/**
 * SQLite keeps no statistics, so it cannot tell a creation-date range of a month from one of ten years, nor
 * an old range from a recent one; PostgreSQL's planner, given ORDER BY … LIMIT, expects the matches spread
 * evenly over the file numbers, which an old range is not. So the page query decides, with the range's
 * count at hand. Walking the file-number order (testing each entry's creation time) costs the patients
 * newer than the range, skipped before the first match: none without a `to` day. Collecting the range
 * from the creation-time index and sorting its file numbers costs the matches. A range with a `to` day and
 * up to this many matches is sorted, any other walked: on SQLite a few milliseconds at most either way at
 * 100,000 patients.
 */
export const SORTED_DATE_MATCHES = 20_000;

/**
 * The page of the list, newest first: by file number, descending. File numbers are handed out in creation
 * order (the API takes the next one when it saves a new patient; the bulk loaders of the bench and the demo
 * number their patients sorted by creation time), so this is the order of creation, and unlike creation
 * time it is served by the search index itself (its rowid) and by every list index.
 * `matches`: the filter's total when known (see SORTED_DATE_MATCHES).
 */
export function patientPageQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  matches?: number,
): ListQuery<PatientListRow> {
  const list = db.withTables<ListTables>();
  const { search } = filter;
  if (search.kind !== 'all' && isSearchedInFts(dialect, filter)) {
    // The index walks its rowids (file numbers) downwards; each match picks up its patient row.
    return list
      .selectFrom('patients_search')
      .innerJoin('patients', 'patients.file_number', 'patients_search.rowid')
      .select(LIST_COLUMNS)
      .where(ftsCondition(search))
      .where((eb) => patientConditions(eb, dialect, filter))
      .orderBy('patients_search.rowid', 'desc')
      .limit(page.limit)
      .offset(page.offset);
  }
  if (search.kind === 'trigram' && dialect === 'postgres' && !filter.isDeleted) {
    // DESIGN.md §10: given ORDER BY … LIMIT, PostgreSQL may walk the file-number index and test every row
    // against the pattern. OFFSET 0 keeps the subquery apart, so the trigram index finds the matches first
    // and only those are sorted.
    const found = list
      .selectFrom('patients')
      .select(LIST_COLUMNS)
      .where((eb) => patientConditions(eb, dialect, filter));
    return list
      .selectFrom(found.offset(0).as('patients'))
      .selectAll()
      .orderBy('file_number', 'desc')
      .limit(page.limit)
      .offset(page.offset);
  }
  const isDateSorted =
    filter.createdTo !== undefined &&
    matches !== undefined &&
    matches <= SORTED_DATE_MATCHES &&
    !filter.isDeleted &&
    !hasEqualityFilter(filter);
  if (isDateSorted) {
    // Few patients in the range: their file numbers from the creation-time index, sorted (`+file_number`
    // keeps either planner off the file-number order), then the ten rows of the page.
    const numbers = list
      .selectFrom('patients')
      .select('patients.file_number')
      .where((eb) => patientConditions(eb, dialect, filter))
      .orderBy(sql`+${sql.ref('patients.file_number')}`, 'desc')
      .limit(page.limit)
      .offset(page.offset);
    return list
      .selectFrom('patients')
      .select(LIST_COLUMNS)
      .where('patients.file_number', 'in', numbers)
      .orderBy('patients.file_number', 'desc');
  }
  // Otherwise an index is walked in file-number order: the list's, or an equality filter's, each entry's
  // row tested against what no index holds (a short search's key). On SQLite a date range is then
  // written `+created_at`, which keeps the planner off the creation-time index; the creation time is read
  // beside each entry walked. PostgreSQL weighs the range with its statistics.
  const isDateWalked = dialect === 'sqlite' && hasDateRange(filter) && !filter.isDeleted;
  return list
    .selectFrom('patients')
    .select(LIST_COLUMNS)
    .where((eb) => patientConditions(eb, dialect, filter, { isDateWalked }))
    .orderBy('patients.file_number', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * How many patients the filter matches, counted up to `limit` (contracts/paging.ts: 1,001 for the first
 * hundred pages), in one row `{ total }`. A broad search at a million patients no longer counts every
 * match: the count stops at the limit, a subquery `select 1 … limit n` under `count(*)`.
 */
export function patientCountQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  limit = countLimit({ offset: 0, limit: PATIENT_PAGE_SIZE }),
): ListQuery<{ total: number | string | bigint | null }> {
  const list = db.withTables<ListTables>();
  const { search } = filter;
  const capped = (matches: SelectQueryBuilder<ListDatabase, keyof ListDatabase, object>) =>
    list
      .selectFrom(matches.select(sql.lit(1).as('one')).limit(limit).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('total'));
  if (search.kind !== 'all' && isSearchedInFts(dialect, filter)) {
    if (!hasDateRange(filter) && !hasEqualityFilter(filter) && !filter.isOwing) {
      // The index holds exactly the patients not deleted: counting its matches is the answer.
      return capped(list.selectFrom('patients_search').where(ftsCondition(search)));
    }
    // Each match is tested against the filters in the index of one of them (its file number is the key).
    return capped(
      list
        .selectFrom('patients_search')
        .innerJoin('patients', 'patients.file_number', 'patients_search.rowid')
        .where(ftsCondition(search))
        .where((eb) => patientConditions(eb, dialect, filter)),
    );
  }
  if (search.kind === 'all' && !filter.isDeleted && !hasDateRange(filter) && !filter.isOwing) {
    // The counts per combination of equality filters, summed (migration 0002): a few rows, not the
    // patients. Exact and cheap at any size; the answer is capped like the others (countPatients).
    const counts = list
      .selectFrom('patient_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('patient_counts.total'), sql.lit(0)).as('total'));
    if (!hasEqualityFilter(filter)) return counts;
    return counts.where((eb) => eb.and(equalityTerms(eb, 'patient_counts', filter)));
  }
  return capped(list.selectFrom('patients').where((eb) => patientConditions(eb, dialect, filter)));
}

export async function findPatientPage(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
  matches?: number,
): Promise<PatientListRow[]> {
  return patientPageQuery(db, dialect, filter, page, matches).execute();
}

/**
 * How many patients the filter matches, up to `limit`. A date range with an end day is counted further,
 * past SORTED_DATE_MATCHES, so the page query can still choose its plan by it.
 */
export async function countPatients(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  limit: number,
): Promise<number> {
  const counted = isPlannedByCount(filter) ? Math.max(limit, SORTED_DATE_MATCHES + 1) : limit;
  const [row] = await patientCountQuery(db, dialect, filter, counted).execute();
  return Math.min(Number(row?.total ?? 0), counted);
}

/** The filters whose page plan depends on the count (see patientPageQuery). */
function isPlannedByCount(filter: PatientListFilter): boolean {
  return filter.createdTo !== undefined && !filter.isDeleted && !hasEqualityFilter(filter);
}

/**
 * SQLite searches the patients not deleted through the FTS5 table: always for 3+ characters, and for 1–2
 * when nothing else narrows the list (a short search with a filter walks the filter's index instead, and
 * tests each row's key). The deleted patients are not in that table.
 */
function isSearchedInFts(dialect: DialectName, filter: PatientListFilter): boolean {
  if (dialect !== 'sqlite' || filter.isDeleted) return false;
  const { kind } = filter.search;
  return kind === 'trigram' || (kind === 'short' && !hasEqualityFilter(filter) && !hasDateRange(filter));
}

function hasDateRange(filter: PatientListFilter): boolean {
  return filter.createdFrom !== undefined || filter.createdTo !== undefined;
}

function hasEqualityFilter(filter: PatientListFilter): boolean {
  return (
    filter.judet !== undefined ||
    filter.oras !== undefined ||
    filter.tara !== undefined ||
    filter.medic !== undefined ||
    filter.isIgienizare
  );
}

/**
 * Deleted or not, the equality filters, the creation-day range and a search not served by the FTS5 table
 * (see likeCondition), on the patients table. `deleted_at is null` is always written out: SQLite uses a
 * partial index only when the query's own WHERE implies the index's. `isDateWalked`: the range as
 * `+created_at`, which no index serves (see patientPageQuery).
 */
function patientConditions(
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
  const { search } = filter;
  if (search.kind !== 'all' && !isSearchedInFts(dialect, filter)) terms.push(likeCondition(search.needle));
  return eb.and(terms);
}

/** judet, oras, tara, medic (normalised equality) and igienizare, on the patients or their counts. */
function equalityTerms<T extends 'patients' | 'patient_counts'>(
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
 * SQLite's search through the FTS5 table: 3+ characters as a trigram phrase (a substring match served by
 * the index), 1–2 characters as LIKE over the index's own keys (short: read in full, but far narrower
 * than the patients' rows, and in file-number order for the page).
 */
function ftsCondition(search: Exclude<SearchPlan, { kind: 'all' }>): Expression<SqlBool> {
  return search.kind === 'trigram'
    ? sql<SqlBool>`patients_search match ${ftsPhrase(search.needle)}`
    : sql<SqlBool>`patients_search.search_key like ${containsPattern(search.needle)} escape '\\'`;
}

/**
 * The search on the patients' own keys: what the pg_trgm GIN index serves on PostgreSQL (3+ characters;
 * shorter ones test each key), the search among deleted patients, whom the search indexes leave out, and
 * a short search narrowed by a filter on SQLite.
 */
function likeCondition(needle: string): Expression<SqlBool> {
  return sql<SqlBool>`patients.search_key like ${containsPattern(needle)} escape '\\'`;
}
