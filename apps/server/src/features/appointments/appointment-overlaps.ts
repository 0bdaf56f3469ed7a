import type { Kysely } from 'kysely';
import { findOverlap } from '@odonto/domain/appointments';
import { APPOINTMENT_MESSAGES, type Appointment } from '@odonto/domain/contracts/appointments';
import type { Database } from '../../db/database';
import { latestReminders, toAppointment } from './appointments.presenter';
import {
  findChairAppointmentsAround,
  findDoctorAppointmentsAround,
  findReminders,
  type AppointmentWithDoctor,
} from './appointments.queries';

/** The doctor (or the chair) already has an appointment then: answered as 409 with the clashing one. */
export class OverlapError extends Error {
  override name = 'OverlapError';
  constructor(
    readonly clash: Appointment,
    message: string = APPOINTMENT_MESSAGES.overlap,
  ) {
    super(message);
  }
}

/** The first of `rows` sharing time with [start, end), other than the appointment itself. */
function firstClash(
  rows: readonly AppointmentWithDoctor[],
  span: { selfId: string | undefined; start: number; end: number },
): AppointmentWithDoctor | undefined {
  // findOverlap compares within one doctor; the rows here are already of one doctor or one chair.
  const clash = findOverlap(
    { id: span.selfId, doctorId: '', start: span.start, end: span.end },
    rows.map((row) => ({
      row,
      id: row.id,
      doctorId: '',
      start: Date.parse(row.starts_at),
      end: Date.parse(row.ends_at),
    })),
  );
  return clash?.row;
}

async function clashError(trx: Kysely<Database>, row: AppointmentWithDoctor, message: string) {
  const reminders = latestReminders(await findReminders(trx, [row.id]));
  return new OverlapError(toAppointment(row, reminders.get(row.id) ?? null), message);
}

/**
 * Throws OverlapError when the doctor, or else the chair (issue 14), already has an appointment sharing
 * time with [start, end) (instants in ms; `startsAt`/`endsAt` the same as ISO text). The caller holds the
 * doctor's and the chair's locks, so two bookings check one after the other.
 */
export async function checkOverlaps(
  trx: Kysely<Database>,
  span: {
    selfId: string | undefined;
    doctorId: string;
    chairId: string | null;
    start: number;
    end: number;
    startsAt: string;
    endsAt: string;
  },
): Promise<void> {
  const ofDoctor = await findDoctorAppointmentsAround(trx, span.doctorId, span.startsAt, span.endsAt);
  const doctorClash = firstClash(ofDoctor, span);
  if (doctorClash) throw await clashError(trx, doctorClash, APPOINTMENT_MESSAGES.overlap);
  if (span.chairId === null) return;
  const inChair = await findChairAppointmentsAround(trx, span.chairId, span.startsAt, span.endsAt);
  const chairClash = firstClash(inChair, span);
  if (chairClash) throw await clashError(trx, chairClash, APPOINTMENT_MESSAGES.chairOverlap);
}
