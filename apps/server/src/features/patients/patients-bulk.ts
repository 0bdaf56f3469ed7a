import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PatientData } from '@odonto/domain/contracts/patients';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database, NewPatientRow } from '../../db/database';
import { vacuumAfterBulkLoad, type DialectName } from '../../db/dialect';
import { mergeSearchIndex } from './patients-search-index.queries';
import { formColumns } from './patients.presenter';
import { insertPatientRows } from './patients.queries';
import { PATIENT_FILE_COUNTER } from './patients.service';

/** One patient for a data generator: the form's fields plus what the generator decides itself. */
export interface BulkPatient extends PatientData {
  createdAt: Date;
  blocked?: boolean;
  dintiStersi?: string[];
}

// 30 columns a row: 500 rows stay under SQLite's and PostgreSQL's bound-parameter limits.
const ROWS_PER_STATEMENT = 500;

/**
 * The tables of counts that the triggers update on every statement of a bulk load of patients: each row
 * rewritten hundreds of times. The loader's caller has them rewritten compact (endPatientBulkLoad). The
 * last three are PostgreSQL's only (migrations 0033–0035), where the rewrite runs.
 */
export const BULK_LOAD_COUNTS = [
  'patient_counts',
  'patients_search_trigrams',
  'patients_search_words',
  'patients_search_digits',
] as const;

/**
 * Inserts many patients fast (bench data, demo seeds) in one transaction: file numbers are taken from the
 * same counter as the API's, and the search table and the counts follow (triggers). No audit rows: this
 * is a loader, not a user. Answers the new `_id`s in input order. The caller ends a bulk load with
 * endPatientBulkLoad.
 */
export async function insertPatients(
  db: Kysely<Database>,
  patients: readonly BulkPatient[],
): Promise<string[]> {
  if (patients.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const last = await nextCounterValue(trx, PATIENT_FILE_COUNTER, patients.length);
    const rows = bulkPatientRows(patients, last - patients.length + 1);
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await insertPatientRows(trx, rows.slice(start, start + ROWS_PER_STATEMENT));
    }
    return rows.map((row) => row.id);
  });
}

/** The rows of `patients`, numbered from `firstFileNumber` in input order. */
export function bulkPatientRows(patients: readonly BulkPatient[], firstFileNumber: number): NewPatientRow[] {
  return patients.map((patient, index) => {
    const at = patient.createdAt.toISOString();
    return {
      id: randomUUID(),
      file_number: firstFileNumber + index,
      ...formColumns(patient),
      blocked: patient.blocked ? 1 : 0,
      dinti_stersi: JSON.stringify(patient.dintiStersi ?? []),
      avatar: null,
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    };
  });
}

/**
 * Ends a bulk load of patients: on PostgreSQL the counts rewritten compact and the tables analysed
 * (vacuumAfterBulkLoad, db/dialect.ts); on SQLite the search index merged into one segment (decision 0070).
 */
export async function endPatientBulkLoad(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  await vacuumAfterBulkLoad(db, dialect, { rewritten: BULK_LOAD_COUNTS });
  await mergeSearchIndex(db, dialect);
}
