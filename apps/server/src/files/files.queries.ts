import type { Kysely } from 'kysely';
import type { Database, FileRow, NewFileRow } from '../db/database';

export async function insertFileRows(trx: Kysely<Database>, rows: readonly NewFileRow[]): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('files')
      .values([...rows])
      .execute();
}

export async function markFilesDeleted(
  trx: Kysely<Database>,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('files')
    .set({ deleted_at: at })
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}

/** A live file of a patient by its public name. */
export async function findPatientFile(
  db: Kysely<Database>,
  patientId: string,
  name: string,
): Promise<FileRow | null> {
  const row = await db
    .selectFrom('files')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/** A patient's live files, optionally of some kinds only, oldest first. */
export async function listPatientFiles(
  db: Kysely<Database>,
  patientId: string,
  kinds?: readonly string[],
): Promise<FileRow[]> {
  let query = db
    .selectFrom('files')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return query.orderBy('created_at').orderBy('name').execute();
}

/**
 * Kinds their feature serves through its own routes, which check the record the file belongs to and audit
 * each view (documents); /history-imgs never serves them.
 */
export const FEATURE_SERVED_KINDS: readonly string[] = ['document', 'document-thumb'];

/**
 * A live file of a patient that the caller may see: files of a deleted patient only when
 * `includeDeletedPatients` (admins, who can restore the patient).
 */
export async function findServableFile(
  db: Kysely<Database>,
  patientId: string,
  name: string,
  includeDeletedPatients: boolean,
): Promise<FileRow | null> {
  let query = db
    .selectFrom('files')
    .innerJoin('patients', 'patients.id', 'files.patient_id')
    .selectAll('files')
    .where('files.patient_id', '=', patientId)
    .where('files.name', '=', name)
    .where('files.deleted_at', 'is', null)
    .where('files.kind', 'not in', [...FEATURE_SERVED_KINDS]);
  if (!includeDeletedPatients) query = query.where('patients.deleted_at', 'is', null);
  return (await query.executeTakeFirst()) ?? null;
}

/** Live files after `afterId` in id order, `limit` at most: every file, a page at a time. */
export async function pageLiveFiles(
  db: Kysely<Database>,
  afterId: string | null,
  limit: number,
): Promise<FileRow[]> {
  let query = db.selectFrom('files').selectAll().where('deleted_at', 'is', null);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}
