import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';
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
}

const LIST_COLUMNS = [
  'id',
  'file_number',
  'nume',
  'prenume',
  'telefon',
  'email',
  'judet',
  'oras',
  'tara',
  'medic',
  'igienizare',
  'blocked',
  'avatar',
  'created_at',
  'deleted_at',
] as const;

/** The page of the list, newest first (creation time, then file number). */
export function patientPageQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
) {
  const matches = filtered(db, dialect, filter).select(LIST_COLUMNS);
  // DESIGN.md §10: given ORDER BY … LIMIT, PostgreSQL may walk the creation-time index and test every row
  // against the pattern. OFFSET 0 keeps the subquery apart, so the trigram index finds the matches first and
  // only those are sorted.
  const source =
    dialect === 'postgres' && filter.search.kind === 'trigram'
      ? db.selectFrom(matches.offset(0).as('patients')).selectAll()
      : matches;
  return source
    .orderBy('created_at', 'desc')
    .orderBy('file_number', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export function patientCountQuery(db: Kysely<Database>, dialect: DialectName, filter: PatientListFilter) {
  return filtered(db, dialect, filter).select((eb) => eb.fn.countAll<number>().as('total'));
}

export async function findPatientPage(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
  page: { limit: number; offset: number },
): Promise<PatientListRow[]> {
  return patientPageQuery(db, dialect, filter, page).execute();
}

export async function countPatients(
  db: Kysely<Database>,
  dialect: DialectName,
  filter: PatientListFilter,
): Promise<number> {
  const row = await patientCountQuery(db, dialect, filter).executeTakeFirstOrThrow();
  return Number(row.total);
}

function filtered(db: Kysely<Database>, dialect: DialectName, filter: PatientListFilter) {
  let query = db.selectFrom('patients').where('deleted_at', filter.isDeleted ? 'is not' : 'is', null);
  if (filter.judet !== undefined) query = query.where('judet_norm', '=', filter.judet);
  if (filter.oras !== undefined) query = query.where('oras_norm', '=', filter.oras);
  if (filter.tara !== undefined) query = query.where('tara_norm', '=', filter.tara);
  if (filter.medic !== undefined) query = query.where('medic_norm', '=', filter.medic);
  if (filter.isIgienizare) query = query.where('igienizare', '=', 1);
  if (filter.createdFrom !== undefined) query = query.where('created_at', '>=', filter.createdFrom);
  if (filter.createdTo !== undefined) query = query.where('created_at', '<=', filter.createdTo);
  const { search } = filter;
  if (search.kind === 'all') return query;
  return query.where(searchCondition(dialect, search));
}

/** The dialect-specific part of the search: which patients' keys contain the needle. */
function searchCondition(
  dialect: DialectName,
  search: Exclude<SearchPlan, { kind: 'all' }>,
): RawBuilder<SqlBool> {
  const pattern = containsPattern(search.needle);
  if (search.kind === 'short' || dialect === 'postgres') {
    // One or two characters: no trigram to look up, the list walks its order index and tests each key.
    // On PostgreSQL the same LIKE is what the pg_trgm GIN index serves for three and more.
    return sql<SqlBool>`patients.search_key like ${pattern} escape '\\'`;
  }
  return sql<SqlBool>`patients.file_number in (select rowid from patients_search where patients_search match ${ftsPhrase(search.needle)})`;
}
