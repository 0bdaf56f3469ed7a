import type { Kysely } from 'kysely';
import type { Database, DocumentRow, FileRow, NewDocumentRow } from '../../db/database';

/** True when the patient exists and is not deleted. */
export async function isLivePatient(db: Kysely<Database>, patientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A document with its file's metadata, as the list answers it. */
export interface DocumentWithFile extends DocumentRow {
  file: FileRow | null;
}

/** A patient's live documents with their files. */
export async function findLiveDocuments(
  db: Kysely<Database>,
  patientId: string,
): Promise<DocumentWithFile[]> {
  const documents = await db
    .selectFrom('documents')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .orderBy('day', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const fileIds = documents.flatMap((document) => (document.file_id ? [document.file_id] : []));
  const files =
    fileIds.length === 0 ? [] : await db.selectFrom('files').selectAll().where('id', 'in', fileIds).execute();
  const byId = new Map(files.map((file) => [file.id, file]));
  return documents.map((document) => ({
    ...document,
    file: document.file_id ? (byId.get(document.file_id) ?? null) : null,
  }));
}

/** A live document of a live patient. */
export async function findLiveDocument(
  db: Kysely<Database>,
  patientId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .innerJoin('patients', 'patients.id', 'documents.patient_id')
    .selectAll('documents')
    .where('documents.patient_id', '=', patientId)
    .where('documents.id', '=', documentId)
    .where('documents.deleted_at', 'is', null)
    .where('patients.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findFile(db: Kysely<Database>, fileId: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

export async function insertDocument(trx: Kysely<Database>, row: NewDocumentRow): Promise<void> {
  await trx.insertInto('documents').values(row).execute();
}

/** Changes label, day and text when the version still matches; answers the new row, or undefined. */
export async function updateDocumentIfVersion(
  trx: Kysely<Database>,
  patientId: string,
  documentId: string,
  version: number,
  changes: { label: string; day: string; text: string | null },
  at: string,
): Promise<DocumentRow | undefined> {
  return trx
    .updateTable('documents')
    .set((eb) => ({ ...changes, updated_at: at, version: eb('version', '+', 1) }))
    .where('patient_id', '=', patientId)
    .where('id', '=', documentId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Soft-deletes a live document (of the given version, when one is given); answers it, or undefined. */
export async function softDeleteDocument(
  trx: Kysely<Database>,
  patientId: string,
  documentId: string,
  version: number | undefined,
  at: string,
  by: string | null,
): Promise<DocumentRow | undefined> {
  let query = trx
    .updateTable('documents')
    .set({ deleted_at: at, deleted_by: by })
    .where('patient_id', '=', patientId)
    .where('id', '=', documentId)
    .where('deleted_at', 'is', null);
  if (version !== undefined) query = query.where('version', '=', version);
  return query.returningAll().executeTakeFirst();
}
