import { sql, type Kysely } from 'kysely';
import { runOnce } from '../../db/compiled-once';
import type { Database, NewPatientRow, PatientRow } from '../../db/database';
import type { PatientFormColumns } from './patients.presenter';

export async function insertPatient(db: Kysely<Database>, row: NewPatientRow): Promise<PatientRow> {
  return db.insertInto('patients').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertPatientRows(db: Kysely<Database>, rows: NewPatientRow[]): Promise<void> {
  await db.insertInto('patients').values(rows).execute();
}

/** A patient by `_id`, deleted or not (the caller decides who may see a deleted one). */
export async function findPatientById(db: Kysely<Database>, id: string): Promise<PatientRow | undefined> {
  const [row] = await runOnce(db, 'patients:by-id', { id }, (values) =>
    db.selectFrom('patients').selectAll().where('id', '=', values.id),
  );
  return row;
}

/**
 * Compare-and-set: writes the form only while the row still has the version the form was loaded with.
 * Answers undefined when it does not (changed meanwhile, deleted, or unknown).
 */
export async function updatePatientIfVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  columns: PatientFormColumns,
  at: string,
): Promise<PatientRow | undefined> {
  return db
    .updateTable('patients')
    .set((eb) => ({ ...columns, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Flips `blocked` in one statement, so two clicks at once give two flips. The version is left alone: it
 * guards the form's fields, and the block toggle sits on the very screen whose form would else go stale.
 */
export async function toggleBlocked(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<PatientRow | undefined> {
  return db
    .updateTable('patients')
    .set({ blocked: sql<number>`1 - blocked`, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeletePatient(
  db: Kysely<Database>,
  id: string,
  at: string,
  deletedBy: string,
): Promise<PatientRow | undefined> {
  return db
    .updateTable('patients')
    .set({ deleted_at: at, deleted_by: deletedBy, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function restoreDeletedPatient(
  db: Kysely<Database>,
  id: string,
  at: string,
): Promise<PatientRow | undefined> {
  return db
    .updateTable('patients')
    .set({ deleted_at: null, deleted_by: null, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}
