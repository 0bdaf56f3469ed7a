import type { Kysely } from 'kysely';
import {
  reminderDateTime,
  reminderDoctorName,
  reminderDueAt,
  renderReminder,
  toE164,
  wantsReminder,
} from '@odonto/domain/appointments';
import type { ReminderSettings } from '@odonto/domain/contracts/appointments';
import type { AppointmentRow, Database, PatientRow } from '../../db/database';
import { cancelQueuedSms, enqueueSms } from '../../notify/sms';
import type { SendCheck } from '../../notify/worker';
import { REMINDER_KIND } from './appointments.queries';

export interface ReminderContext {
  settings: ReminderSettings;
  remindHours: number;
  now: Date;
}

/**
 * Brings the appointment's SMS reminder in line with the appointment, inside the caller's transaction:
 * - none wanted (deleted, flag off, already started): a waiting reminder is cancelled;
 * - one wanted: a waiting reminder with the same number, text and time stays; a different one is cancelled
 *   and a new one queued (moved appointment, other doctor, new phone), unless the reminder for this very
 *   time has already gone out (a note changed after it was sent does not send it again).
 */
export async function syncReminder(
  trx: Kysely<Database>,
  appointment: Pick<AppointmentRow, 'id' | 'starts_at' | 'trimite_sms' | 'deleted_at'>,
  patient: Pick<PatientRow, 'nume' | 'prenume' | 'telefon'>,
  doctorName: string,
  context: ReminderContext,
): Promise<void> {
  const start = Date.parse(appointment.starts_at);
  const isWanted =
    appointment.deleted_at === null &&
    wantsReminder({ trimite_sms: appointment.trimite_sms === 1, start }, context.now.getTime());
  const existing = await trx
    .selectFrom('outbox')
    .select(['id', 'status', 'recipient', 'body', 'send_after'])
    .where('kind', '=', REMINDER_KIND)
    .where('ref_id', '=', appointment.id)
    .where('status', 'in', ['queued', 'sending', 'sent'])
    .execute();
  if (!isWanted) {
    await cancelQueuedSms(trx, REMINDER_KIND, appointment.id, context.now);
    return;
  }
  const sendAfter = new Date(reminderDueAt(start, context.remindHours)).toISOString();
  const text = renderReminder(context.settings.template, {
    clinica: context.settings.clinicName,
    pacient: `${patient.prenume} ${patient.nume}`.trim(),
    medic: reminderDoctorName(doctorName),
    ...reminderDateTime(start),
  });
  const phone = toE164(patient.telefon);
  const recipient = phone.ok ? phone.e164 : patient.telefon;
  const isSame = (row: (typeof existing)[number]) =>
    row.send_after === sendAfter && row.recipient === recipient && row.body === text;
  if (existing.some((row) => row.status === 'queued' && isSame(row))) return;
  await cancelQueuedSms(trx, REMINDER_KIND, appointment.id, context.now);
  if (existing.some((row) => row.status !== 'queued' && row.send_after === sendAfter)) return;
  await enqueueSms(
    trx,
    { to: patient.telefon, text, sendAfter: new Date(sendAfter), kind: REMINDER_KIND, refId: appointment.id },
    context.now,
  );
}

export const REMINDER_SKIP_REASONS = {
  appointmentGone: 'Programarea a fost ștearsă sau nu mai cere SMS.',
  patientGone: 'Pacientul a fost șters.',
  started: 'Programarea începuse deja când urma să plece SMS-ul.',
} as const;

/**
 * The worker's last look at a reminder: not for an appointment deleted, switched off or already started, nor
 * for a deleted patient; sent to the patient's number as it is now (edited since it was queued, perhaps).
 */
export function reminderSendCheck(db: Kysely<Database>): SendCheck {
  return async (row, now) => {
    if (row.ref_id === null) return { action: 'send' };
    const found = await db
      .selectFrom('appointments as a')
      .innerJoin('patients as p', 'p.id', 'a.patient_id')
      .select([
        'a.deleted_at as appointmentDeletedAt',
        'a.trimite_sms',
        'a.starts_at',
        'p.deleted_at as patientDeletedAt',
        'p.telefon',
      ])
      .where('a.id', '=', row.ref_id)
      .executeTakeFirst();
    if (!found || found.appointmentDeletedAt !== null || found.trimite_sms !== 1)
      return { action: 'cancel', reason: REMINDER_SKIP_REASONS.appointmentGone };
    if (found.patientDeletedAt !== null)
      return { action: 'cancel', reason: REMINDER_SKIP_REASONS.patientGone };
    if (Date.parse(found.starts_at) <= now.getTime())
      return { action: 'cancel', reason: REMINDER_SKIP_REASONS.started };
    const phone = toE164(found.telefon);
    return phone.ok ? { action: 'send', to: phone.e164 } : { action: 'fail', reason: phone.reason };
  };
}
