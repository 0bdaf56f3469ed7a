import type { Kysely } from 'kysely';
import type { AppointmentRow, Database, NewAppointmentRow, OutboxRow, UserRow } from '../../db/database';

/** An appointment with its doctor's name ('' when the account is gone) and its location's and chair's. */
export type AppointmentWithDoctor = AppointmentRow & {
  doctor_name: string;
  location_name: string | null;
  chair_name: string | null;
};
/** …and its patient, for the calendar. */
export type CalendarRow = AppointmentWithDoctor & {
  patient_file_number: number;
  patient_nume: string;
  patient_prenume: string;
};

function withDoctor(db: Kysely<Database>) {
  return db
    .selectFrom('appointments')
    .leftJoin('users', 'users.id', 'appointments.doctor_id')
    .leftJoin('locations', 'locations.id', 'appointments.location_id')
    .leftJoin('chairs', 'chairs.id', 'appointments.chair_id')
    .selectAll('appointments')
    .select((eb) => [
      eb.fn.coalesce('users.nume', eb.val('')).as('doctor_name'),
      'locations.name as location_name',
      'chairs.name as chair_name',
    ]);
}

/** A patient's live appointments, earliest first. */
export async function findPatientAppointments(
  db: Kysely<Database>,
  patientId: string,
): Promise<AppointmentWithDoctor[]> {
  return withDoctor(db)
    .where('appointments.patient_id', '=', patientId)
    .where('appointments.deleted_at', 'is', null)
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .execute();
}

/** Live appointments starting in [from, to) of live patients, optionally of one doctor and one location. */
export async function findAppointmentsInRange(
  db: Kysely<Database>,
  range: { from: string; to: string; doctorId?: string | undefined; locationId?: string | undefined },
): Promise<CalendarRow[]> {
  let query = withDoctor(db)
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .select([
      'patients.file_number as patient_file_number',
      'patients.nume as patient_nume',
      'patients.prenume as patient_prenume',
    ])
    .where('appointments.deleted_at', 'is', null)
    .where('patients.deleted_at', 'is', null)
    .where('appointments.starts_at', '>=', range.from)
    .where('appointments.starts_at', '<', range.to);
  if (range.doctorId) query = query.where('appointments.doctor_id', '=', range.doctorId);
  if (range.locationId) query = query.where('appointments.location_id', '=', range.locationId);
  return query.orderBy('appointments.starts_at').orderBy('appointments.id').execute();
}

/** One live appointment of the patient. */
export async function findLiveAppointment(
  db: Kysely<Database>,
  patientId: string,
  id: string,
): Promise<AppointmentRow | undefined> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The doctor's live appointments that may share time with [start, end): those starting before its end
 * and ending after its start (an empty span's neighbours included; the exact rule is spansOverlap).
 */
export async function findDoctorAppointmentsAround(
  db: Kysely<Database>,
  doctorId: string,
  start: string,
  end: string,
): Promise<AppointmentWithDoctor[]> {
  return withDoctor(db)
    .where('appointments.doctor_id', '=', doctorId)
    .where('appointments.deleted_at', 'is', null)
    .where('appointments.starts_at', '<=', end)
    .where('appointments.ends_at', '>=', start)
    .orderBy('appointments.starts_at')
    .execute();
}

/** The chair's live appointments that may share time with [start, end) (as findDoctorAppointmentsAround). */
export async function findChairAppointmentsAround(
  db: Kysely<Database>,
  chairId: string,
  start: string,
  end: string,
): Promise<AppointmentWithDoctor[]> {
  return withDoctor(db)
    .where('appointments.chair_id', '=', chairId)
    .where('appointments.deleted_at', 'is', null)
    .where('appointments.starts_at', '<=', end)
    .where('appointments.ends_at', '>=', start)
    .orderBy('appointments.starts_at')
    .execute();
}

/**
 * Locks the doctor's account row for the rest of the transaction and answers it: two bookings of one
 * doctor then check for overlaps one after the other, never both against the same old state.
 */
export async function lockDoctor(trx: Kysely<Database>, doctorId: string): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', doctorId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertAppointment(db: Kysely<Database>, row: NewAppointmentRow): Promise<void> {
  await db.insertInto('appointments').values(row).execute();
}

/** Updates the appointment if it is still at `version`; answers whether it was. */
export async function updateAppointmentIfVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Pick<
    AppointmentRow,
    'doctor_id' | 'starts_at' | 'ends_at' | 'note' | 'trimite_sms' | 'updated_at' | 'location_id' | 'chair_id'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function softDeleteAppointment(
  db: Kysely<Database>,
  id: string,
  at: string,
  by: string | null,
): Promise<void> {
  await db
    .updateTable('appointments')
    .set((eb) => ({ deleted_at: at, deleted_by: by, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export const REMINDER_KIND = 'appointment-reminder';

/** The reminder rows of these appointments, newest first (cancelled ones left out). */
export async function findReminders(
  db: Kysely<Database>,
  appointmentIds: readonly string[],
): Promise<OutboxRow[]> {
  if (appointmentIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', REMINDER_KIND)
    .where('ref_id', 'in', appointmentIds)
    .where('status', '!=', 'cancelled')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
