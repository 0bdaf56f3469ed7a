import { sql, type Kysely } from 'kysely';
import { ANONYMISED_PATIENT, ERASED_TEXT } from '@odonto/domain/contracts/gdpr-erasure';
import { countUpTo } from '../../db/capped-count.queries';
import type { Database, PatientRow } from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';
import { patientSearchKey } from '../patients/patient-search';

const RETENTION_KEY = 'gdpr-retention';

/** The JSON text of the retention setting, or null while the default applies. */
export async function readRetentionText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, RETENTION_KEY);
}

/** Replaces the retention setting only if it is still `previous`; false when someone saved first. */
export async function swapRetentionText(
  trx: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(trx, RETENTION_KEY, previous, value, at);
}

/** A patient, deleted ones included (a deleted patient's data is still held), or undefined. */
export async function findPatient(db: Kysely<Database>, patientId: string): Promise<PatientRow | undefined> {
  return db.selectFrom('patients').selectAll().where('id', '=', patientId).executeTakeFirst();
}

/** The latest treatment entry and appointment of a patient (not deleted), for the last visit. */
export async function visitDatesOf(
  db: Kysely<Database>,
  patientId: string,
): Promise<{ lastEntryAt: string | null; lastAppointmentAt: string | null }> {
  const entry = await db
    .selectFrom('history_entries')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const appointment = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.max('starts_at').as('at'))
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return { lastEntryAt: entry?.at ?? null, lastAppointmentAt: appointment?.at ?? null };
}

export interface RetentionRow {
  id: string;
  file_number: number;
  nume: string;
  prenume: string;
  created_at: string;
  deleted_at: string | null;
  last_entry_at: string | null;
  last_appointment_at: string | null;
}

/**
 * The patients not yet anonymised whose every visit (file opening, treatment, appointment) lies before
 * `cutoff`. ISO instants compare as text on both databases.
 */
function pastRetention(db: Kysely<Database>, cutoff: string) {
  return db
    .selectFrom('patients as p')
    .where('p.anonymised_at', 'is', null)
    .where('p.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('history_entries as h')
            .select(sql<number>`1`.as('one'))
            .whereRef('h.patient_id', '=', 'p.id')
            .where('h.deleted_at', 'is', null)
            .where('h.created_at', '>=', cutoff),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('appointments as a')
            .select(sql<number>`1`.as('one'))
            .whereRef('a.patient_id', '=', 'p.id')
            .where('a.deleted_at', 'is', null)
            .where('a.starts_at', '>=', cutoff),
        ),
      ),
    );
}

/** How many patients are past retention, up to `limit` (countLimit in contracts/paging.ts). */
export async function countPastRetention(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<number> {
  return countUpTo(db, pastRetention(db, cutoff), limit);
}

export async function listPastRetention(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
  offset: number,
): Promise<RetentionRow[]> {
  const rows = await pastRetention(db, cutoff)
    .select((eb) => [
      'p.id',
      'p.file_number',
      'p.nume',
      'p.prenume',
      'p.created_at',
      'p.deleted_at',
      eb
        .selectFrom('history_entries as h')
        .select((inner) => inner.fn.max('h.created_at').as('at'))
        .whereRef('h.patient_id', '=', 'p.id')
        .where('h.deleted_at', 'is', null)
        .as('last_entry_at'),
      eb
        .selectFrom('appointments as a')
        .select((inner) => inner.fn.max('a.starts_at').as('at'))
        .whereRef('a.patient_id', '=', 'p.id')
        .where('a.deleted_at', 'is', null)
        .as('last_appointment_at'),
    ])
    // The oldest files first: the longest past the period, and the order does not need the last visit computed.
    .orderBy('p.created_at')
    .orderBy('p.file_number')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ ...row, file_number: Number(row.file_number) }));
}

/**
 * Removes the patient's identity (the row stays: clinical and financial rows point at it). Only a patient
 * not yet anonymised is changed, so two admins at once cannot both do it: false for the second.
 */
export async function anonymisePatientRow(
  trx: Kysely<Database>,
  patientId: string,
  at: string,
  by: string | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('patients')
    .set((eb) => ({
      nume: ANONYMISED_PATIENT.nume,
      prenume: ANONYMISED_PATIENT.prenume,
      email: '',
      telefon: '',
      birthdate: null,
      judet: '',
      oras: '',
      tara: '',
      avatar: null,
      search_key: patientSearchKey({ ...ANONYMISED_PATIENT, telefon: '' }),
      judet_norm: '',
      oras_norm: '',
      tara_norm: '',
      anonymised_at: at,
      anonymised_by: by,
      updated_at: at,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', patientId)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every stored file of the patient (deleted ones too: their bytes may still be kept for a restore) is
 * marked deleted and listed in `file_erasures`, in the caller's transaction. Answers how many.
 */
export async function queueFileErasures(
  trx: Kysely<Database>,
  patientId: string,
  at: string,
): Promise<number> {
  const files = await trx
    .selectFrom('files')
    .select(['id', 'disk_name'])
    .where('patient_id', '=', patientId)
    .execute();
  if (files.length === 0) return 0;
  await trx
    .insertInto('file_erasures')
    .values(files.map((file) => ({ file_id: file.id, disk_name: file.disk_name, created_at: at })))
    .onConflict((oc) => oc.column('file_id').doNothing())
    .execute();
  await trx
    .updateTable('files')
    .set({ deleted_at: at })
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .execute();
  return files.length;
}

/**
 * The rows that stay, emptied of what could name the patient: pictures and documents leave the record
 * (their files are erased), notes' and letters' texts, appointment notes and review comments are
 * replaced, and the messages sent to the patient lose their address and text (queued ones are cancelled).
 */
export async function eraseRelatedRows(
  trx: Kysely<Database>,
  patientId: string,
  at: string,
  by: string | null,
): Promise<void> {
  await trx
    .updateTable('history_pictures')
    .set({ deleted_at: at })
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .execute();
  await trx
    .updateTable('documents')
    .set({ deleted_at: at, deleted_by: by })
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .execute();
  await trx
    .updateTable('documents')
    .set({ text: null })
    .where('patient_id', '=', patientId)
    .where('text', 'is not', null)
    .execute();
  await trx.updateTable('letters').set({ text: ERASED_TEXT }).where('patient_id', '=', patientId).execute();
  await trx.updateTable('appointments').set({ note: '' }).where('patient_id', '=', patientId).execute();
  await trx.updateTable('reviews').set({ comment: '' }).where('patient_id', '=', patientId).execute();
  const messages = (qb: Kysely<Database>) =>
    qb
      .updateTable('outbox')
      .where((eb) =>
        eb.or([
          eb('ref_id', 'in', eb.selectFrom('appointments').select('id').where('patient_id', '=', patientId)),
          eb(
            'id',
            'in',
            eb
              .selectFrom('review_requests')
              .select('outbox_id')
              .where('patient_id', '=', patientId)
              .where('outbox_id', 'is not', null)
              .$narrowType<{ outbox_id: string }>(),
          ),
        ]),
      );
  await messages(trx)
    .set({ status: 'cancelled', updated_at: at })
    .where('status', 'in', ['queued', 'failed'])
    .execute();
  await messages(trx).set({ recipient: '', subject: null, body: ERASED_TEXT, updated_at: at }).execute();
}

/** Files whose bytes are still to be unlinked (left by an anonymisation interrupted after its commit). */
export async function listFileErasures(
  db: Kysely<Database>,
): Promise<{ file_id: string; disk_name: string }[]> {
  return db.selectFrom('file_erasures').select(['file_id', 'disk_name']).orderBy('created_at').execute();
}

export async function deleteFileErasure(db: Kysely<Database>, fileId: string): Promise<void> {
  await db.deleteFrom('file_erasures').where('file_id', '=', fileId).execute();
}
