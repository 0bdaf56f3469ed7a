import type { Kysely } from 'kysely';
import type { Database, NewReviewRequestRow, ReviewRequestRow } from '../../db/database';

/** An appointment with what deciding on a review request needs: patient, doctor and any earlier request. */
export interface AppointmentCandidateRow {
  id: string;
  patient_id: string;
  doctor_id: string;
  ends_at: string;
  deleted_at: string | null;
  patient_deleted_at: string | null;
  blocked: number;
  telefon: string;
  email: string;
  prenume: string;
  doctor_nume: string | null;
  request_id: string | null;
  request_used_at: string | null;
  /** The status of the earlier request's message, when it has one. */
  request_delivery: string | null;
}

function candidates(db: Kysely<Database>) {
  return db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .leftJoin('users', 'users.id', 'appointments.doctor_id')
    .leftJoin('review_requests', 'review_requests.appointment_id', 'appointments.id')
    .leftJoin('outbox', 'outbox.id', 'review_requests.outbox_id')
    .select([
      'appointments.id',
      'appointments.patient_id',
      'appointments.doctor_id',
      'appointments.ends_at',
      'appointments.deleted_at',
      'patients.deleted_at as patient_deleted_at',
      'patients.blocked',
      'patients.telefon',
      'patients.email',
      'patients.prenume',
      'users.nume as doctor_nume',
      'review_requests.id as request_id',
      'review_requests.used_at as request_used_at',
      'outbox.status as request_delivery',
    ]);
}

export async function findAppointmentCandidate(
  db: Kysely<Database>,
  appointmentId: string,
): Promise<AppointmentCandidateRow | undefined> {
  return candidates(db).where('appointments.id', '=', appointmentId).executeTakeFirst();
}

/**
 * Live appointments of live, unblocked patients that ended within [endedFrom, endedTo] and have no review
 * request yet, oldest first: the automatic sending's work list.
 */
export async function findAppointmentsDueForRequest(
  db: Kysely<Database>,
  endedFrom: string,
  endedTo: string,
  limit: number,
): Promise<AppointmentCandidateRow[]> {
  return candidates(db)
    .where('appointments.deleted_at', 'is', null)
    .where('patients.deleted_at', 'is', null)
    .where('patients.blocked', '=', 0)
    .where('review_requests.id', 'is', null)
    .where('appointments.ends_at', '>=', endedFrom)
    .where('appointments.ends_at', '<=', endedTo)
    .orderBy('appointments.ends_at')
    .limit(limit)
    .execute();
}

export async function insertReviewRequest(db: Kysely<Database>, row: NewReviewRequestRow): Promise<void> {
  await db.insertInto('review_requests').values(row).execute();
}

/** Removes a request that was never answered (its message failed and a new one replaces it). */
export async function deleteUnusedReviewRequest(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('review_requests')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setRequestOutbox(db: Kysely<Database>, id: string, outboxId: string): Promise<void> {
  await db.updateTable('review_requests').set({ outbox_id: outboxId }).where('id', '=', id).execute();
}

/** A request with the patient's first name and the doctor's current name, found by its token's hash. */
export interface RequestByTokenRow extends ReviewRequestRow {
  prenume: string;
  doctor_nume: string | null;
}

export async function findRequestByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<RequestByTokenRow | undefined> {
  return db
    .selectFrom('review_requests')
    .innerJoin('patients', 'patients.id', 'review_requests.patient_id')
    .leftJoin('users', 'users.id', 'review_requests.doctor_id')
    .selectAll('review_requests')
    .select(['patients.prenume', 'users.nume as doctor_nume'])
    .where('review_requests.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends the link: true only for the one caller that found it unused. */
export async function markRequestUsed(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('review_requests')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PatientRequestRow extends ReviewRequestRow {
  delivery: string | null;
}

/** The requests sent to a patient, newest first, with their message's delivery status. */
export async function findRequestsOfPatient(
  db: Kysely<Database>,
  patientId: string,
): Promise<PatientRequestRow[]> {
  return db
    .selectFrom('review_requests')
    .leftJoin('outbox', 'outbox.id', 'review_requests.outbox_id')
    .selectAll('review_requests')
    .select('outbox.status as delivery')
    .where('review_requests.patient_id', '=', patientId)
    .orderBy('review_requests.created_at', 'desc')
    .orderBy('review_requests.id', 'desc')
    .execute();
}

export async function patientExists(db: Kysely<Database>, patientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('patients')
    .select('id')
    .where('id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
