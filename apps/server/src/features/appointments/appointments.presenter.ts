import { appointmentFormTimes } from '@odonto/domain/appointments';
import type { Appointment, CalendarAppointment, ReminderState } from '@odonto/domain/contracts/appointments';
import type { OutboxRow } from '../../db/database';
import type { AppointmentWithDoctor, CalendarRow } from './appointments.queries';

/** The latest reminder of each appointment (rows newest first, as findReminders answers them). */
export function latestReminders(rows: readonly OutboxRow[]): Map<string, ReminderState> {
  const byAppointment = new Map<string, ReminderState>();
  for (const row of rows) {
    if (row.ref_id === null || byAppointment.has(row.ref_id) || row.status === 'cancelled') continue;
    byAppointment.set(row.ref_id, {
      status: row.status === 'sending' ? 'queued' : row.status,
      sendAfter: row.send_after,
      sentAt: row.sent_at,
      error: row.last_error,
    });
  }
  return byAppointment;
}

export function toAppointment(row: AppointmentWithDoctor, reminder: ReminderState | null): Appointment {
  return {
    _id: row.id,
    patientId: row.patient_id,
    ...appointmentFormTimes(row.starts_at, row.ends_at),
    start: row.starts_at,
    end: row.ends_at,
    medicId: row.doctor_id,
    medic: row.doctor_name,
    nota: row.note,
    trimite_sms: row.trimite_sms === 1,
    reminder,
    version: row.version,
    locationId: row.location_id,
    locationName: row.location_name,
    chairId: row.chair_id,
    chairName: row.chair_name,
  };
}

export function toCalendarAppointment(row: CalendarRow, reminder: ReminderState | null): CalendarAppointment {
  return {
    ...toAppointment(row, reminder),
    patient: {
      _id: row.patient_id,
      id: row.patient_file_number,
      nume: row.patient_nume,
      prenume: row.patient_prenume,
    },
  };
}

/** SPEC's appointments screen order: upcoming (not yet ended) earliest first, then past ones latest first. */
export function upcomingFirst<T extends { start: string; end: string }>(items: readonly T[], now: Date): T[] {
  const at = now.toISOString();
  const upcoming = items.filter((item) => item.end >= at).sort((a, b) => a.start.localeCompare(b.start));
  const past = items.filter((item) => item.end < at).sort((a, b) => b.start.localeCompare(a.start));
  return [...upcoming, ...past];
}
