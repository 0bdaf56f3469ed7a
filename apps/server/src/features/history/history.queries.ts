import type { Kysely } from 'kysely';
import { runOnce } from '../../db/compiled-once';
import type {
  Database,
  FileRow,
  HistoryEntryRow,
  HistoryPictureRow,
  NewHistoryEntryRow,
  NewHistoryPictureRow,
  PatientRow,
} from '../../db/database';

/** Writes the removed teeth and answers the patient with its new version. */
export async function setRemovedTeeth(
  trx: Kysely<Database>,
  patientId: string,
  dintiStersi: string,
  at: string,
): Promise<PatientRow | undefined> {
  return trx
    .updateTable('patients')
    .set((eb) => ({ dinti_stersi: dintiStersi, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The columns an entry is answered from (toHistoryEntry): not the deletion columns. A patient's record
 * reads hundreds of entries, and better-sqlite3 spends most of such a read making each row's object, one
 * property per column (23 to 20 columns: about a fifth less time for 300 entries; issue 20).
 */
const ENTRY_VIEW_COLUMNS = [
  'patient_id',
  'id',
  'type',
  'denumire',
  'map_id',
  'dinte',
  'dinte_start',
  'dinte_destinatie',
  'side',
  'start_index',
  'end_index',
  'direction',
  'fill',
  'detalii',
  'medic',
  'signature',
  'sterilizari',
  'created_at',
  'updated_at',
  'version',
] as const satisfies readonly (keyof HistoryEntryRow)[];

/** An entry as the history answers it. */
export type HistoryEntryView = Pick<HistoryEntryRow, (typeof ENTRY_VIEW_COLUMNS)[number]>;

/** A patient's live entries, newest treatment date first, then newest id (index history_entries_patient_live). */
export async function findLiveEntries(db: Kysely<Database>, patientId: string): Promise<HistoryEntryView[]> {
  return runOnce(
    db,
    'history:live-entries',
    { patientId },
    (values) =>
      db
        .selectFrom('history_entries')
        .select(ENTRY_VIEW_COLUMNS)
        .where('patient_id', '=', values.patientId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    { prepared: true },
  );
}

/** A live entry of a patient. */
export async function findLiveEntry(
  db: Kysely<Database>,
  patientId: string,
  entryId: number,
): Promise<HistoryEntryRow | undefined> {
  return db
    .selectFrom('history_entries')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('id', '=', entryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The highest entry id the patient has ever had (deleted entries too), or null. */
export async function maxEntryId(trx: Kysely<Database>, patientId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('history_entries')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? null : Number(row.max);
}

export async function insertEntry(trx: Kysely<Database>, row: NewHistoryEntryRow): Promise<HistoryEntryRow> {
  return trx.insertInto('history_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export type EntryColumns = Omit<
  NewHistoryEntryRow,
  'patient_id' | 'id' | 'version' | 'updated_at' | 'deleted_at' | 'deleted_by' | 'signature'
>;

/** Compare-and-set: writes only while the entry is live and still has `version`. */
export async function updateEntryIfVersion(
  trx: Kysely<Database>,
  patientId: string,
  entryId: number,
  version: number,
  columns: EntryColumns,
  at: string,
): Promise<HistoryEntryRow | undefined> {
  return trx
    .updateTable('history_entries')
    .set((eb) => ({ ...columns, updated_at: at, version: eb('version', '+', 1) }))
    .where('patient_id', '=', patientId)
    .where('id', '=', entryId)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteEntry(
  trx: Kysely<Database>,
  patientId: string,
  entryId: number,
  at: string,
  deletedBy: string,
): Promise<HistoryEntryRow | undefined> {
  return trx
    .updateTable('history_entries')
    .set((eb) => ({ deleted_at: at, deleted_by: deletedBy, updated_at: at, version: eb('version', '+', 1) }))
    .where('patient_id', '=', patientId)
    .where('id', '=', entryId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Cancels a live entry: out of the live history like a deleted one, with its reason kept. */
export async function cancelLiveEntry(
  trx: Kysely<Database>,
  patientId: string,
  entryId: number,
  cancellation: { at: string; by: string; reason: string },
): Promise<HistoryEntryRow | undefined> {
  const { at, by, reason } = cancellation;
  return trx
    .updateTable('history_entries')
    .set((eb) => ({
      deleted_at: at,
      deleted_by: by,
      cancel_reason: reason,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('patient_id', '=', patientId)
    .where('id', '=', entryId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export type CancelledEntryRow = HistoryEntryRow & { cancelled_by_name: string | null };

/** A patient's cancelled entries with who cancelled them, newest treatment date first. */
export async function findCancelledEntries(
  db: Kysely<Database>,
  patientId: string,
): Promise<CancelledEntryRow[]> {
  return runOnce(db, 'history:cancelled-entries', { patientId }, (values) =>
    db
      .selectFrom('history_entries')
      .leftJoin('users', 'users.id', 'history_entries.deleted_by')
      .selectAll('history_entries')
      .select('users.nume as cancelled_by_name')
      .where('history_entries.patient_id', '=', values.patientId)
      .where('history_entries.deleted_at', 'is not', null)
      .where('history_entries.cancel_reason', 'is not', null)
      .orderBy('history_entries.created_at', 'desc')
      .orderBy('history_entries.id', 'desc'),
  );
}

/** A patient's live pictures (of one entry when told), in their order. */
export async function findLivePictures(
  db: Kysely<Database>,
  patientId: string,
  entryId?: number,
): Promise<HistoryPictureRow[]> {
  let query = db
    .selectFrom('history_pictures')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null);
  if (entryId !== undefined) query = query.where('entry_id', '=', entryId);
  return query.orderBy('entry_id').orderBy('position').orderBy('name').execute();
}

/** A picture as an entry lists it (toPicture), with its entry. */
export type HistoryPictureView = Pick<
  HistoryPictureRow,
  'entry_id' | 'name' | 'width' | 'height' | 'position'
>;

/** A patient's live pictures as the history lists them, in their order (5 of their 12 columns: issue 20). */
export async function findListedPictures(
  db: Kysely<Database>,
  patientId: string,
): Promise<HistoryPictureView[]> {
  return runOnce(
    db,
    'history:listed-pictures',
    { patientId },
    (values) =>
      db
        .selectFrom('history_pictures')
        .select(['entry_id', 'name', 'width', 'height', 'position'])
        .where('patient_id', '=', values.patientId)
        .where('deleted_at', 'is', null)
        .orderBy('entry_id')
        .orderBy('position')
        .orderBy('name'),
    { prepared: true },
  );
}

export async function insertPictures(
  trx: Kysely<Database>,
  rows: readonly NewHistoryPictureRow[],
): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('history_pictures')
      .values([...rows])
      .execute();
}

export async function setPicturePosition(trx: Kysely<Database>, id: string, position: number): Promise<void> {
  await trx.updateTable('history_pictures').set({ position }).where('id', '=', id).execute();
}

export async function markPicturesDeleted(
  trx: Kysely<Database>,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('history_pictures')
    .set({ deleted_at: at })
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}

/** Stored files by id (a picture's image and thumbnail, to remove them). */
export async function findFilesByIds(db: Kysely<Database>, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Which of the names the patient's stored files already use, deleted files included (names never return). */
export async function takenFileNames(
  db: Kysely<Database>,
  patientId: string,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select('name')
    .where('patient_id', '=', patientId)
    .where('name', 'in', [...names])
    .execute();
  return rows.map((row) => row.name);
}
