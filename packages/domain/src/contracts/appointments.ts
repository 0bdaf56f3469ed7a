/**
 * Appointments (SPEC.md §3 Appointment form, §7 save/update/sterge-programare) and the clinic calendar.
 * The form's fields keep SPEC's names: `createdAt` is the appointment's clinic day ('YYYY-MM-DD'),
 * `trimite_sms` the reminder flag, `deLa`/`panaLa` the hours. An answered appointment also carries its
 * instants (`start`, `end`), its doctor and the state of its SMS reminder.
 */
import { z } from 'zod';
import { endBeforeStartProblems, type ClockTime } from '../appointments';
import { toInstant } from '../clinic-time';
import { RULE_MESSAGES } from '../rules';

const REQUIRED = RULE_MESSAGES.required;

export const APPOINTMENT_MESSAGES = {
  invalidDate: 'Data nu este validă.',
  noDoctor: 'Alegeți medicul.',
  unknownDoctor: 'Medicul ales nu există.',
  notFound: 'Programarea nu a fost găsită.',
  stale: 'Programarea a fost modificată între timp de altcineva. Redeschideți-o pentru a vedea modificările.',
  overlap: 'Medicul are deja o programare în acest interval.',
  chairOverlap: 'Cabinetul are deja o programare în acest interval.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  range: 'Intervalul cerut nu este valid (cel mult 62 de zile).',
  deleteConfirm: 'Sunteți sigur că doriți să ștergeți această programare?',
} as const;

const ora = z.number(REQUIRED).int().min(0).max(23);
const minute = z.number(REQUIRED).int().min(0).max(59);
export const clockTime = z.strictObject({ ora, minute });

/** A clinic day 'YYYY-MM-DD' that exists (30 February does not). */
export const appointmentDay = z
  .string(REQUIRED)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, APPOINTMENT_MESSAGES.invalidDate)
  .refine((text) => !Number.isNaN(toInstant(text)), APPOINTMENT_MESSAGES.invalidDate);

const appointmentFields = {
  createdAt: appointmentDay,
  trimite_sms: z.boolean(),
  deLa: clockTime,
  panaLa: clockTime,
  medicId: z.string(APPOINTMENT_MESSAGES.noDoctor).trim().min(1, APPOINTMENT_MESSAGES.noDoctor).max(100),
  nota: z.string().trim().max(2000).default(''),
  /**
   * The location (issue 14). Absent on a new appointment: the user's first open location, else the clinic's
   * first open one; absent on a change: where it already is.
   */
  sediuId: z.string().trim().max(100).optional(),
  /** The chair of that location; null or '' for none. Absent on a change: the one it has (if it stays put). */
  cabinetId: z
    .string()
    .trim()
    .max(100)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional(),
  /**
   * Save even when the doctor (or the chair) already has an appointment at that time (after the 409
   * warning).
   */
  keepOverlap: z.boolean().optional(),
};

/** SPEC.md §5: the end is not before the start, reported on panaLa.ora / panaLa.minute. */
function endNotBeforeStart(
  value: { deLa: ClockTime; panaLa: ClockTime },
  ctx: z.core.$RefinementCtx<{ deLa: ClockTime; panaLa: ClockTime }>,
): void {
  const problems = endBeforeStartProblems(value.deLa, value.panaLa);
  if (problems.ora) ctx.addIssue({ code: 'custom', path: ['panaLa', 'ora'], message: problems.ora });
  if (problems.minute) ctx.addIssue({ code: 'custom', path: ['panaLa', 'minute'], message: problems.minute });
}

/** POST /api/save-programare/{patientId}. */
export const appointmentInput = z.strictObject(appointmentFields).superRefine(endNotBeforeStart);
export type AppointmentInput = z.input<typeof appointmentInput>;
export type AppointmentData = z.output<typeof appointmentInput>;

/** PUT /api/update-programare/{patientId}: the appointment's `_id` and the `version` it was read at. */
export const appointmentUpdate = z
  .strictObject({
    ...appointmentFields,
    _id: z.string().min(1).max(100),
    version: z.number().int().positive(),
  })
  .superRefine(endNotBeforeStart);
export type AppointmentUpdate = z.input<typeof appointmentUpdate>;

/** POST /api/sterge-programare/{patientId}: which appointment, and optionally the version it was read at. */
export const appointmentDelete = z.strictObject({
  _id: z.string().min(1).max(100),
  version: z.number().int().positive().optional(),
});
export type AppointmentDelete = z.input<typeof appointmentDelete>;

/** The state of an appointment's SMS reminder; 'queued' also while a worker is sending it. */
export const REMINDER_STATUSES = ['queued', 'sent', 'failed'] as const;
export const reminderState = z.object({
  status: z.enum(REMINDER_STATUSES),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReminderState = z.infer<typeof reminderState>;

export const REMINDER_STATUS_LABELS: Record<ReminderState['status'], string> = {
  queued: 'SMS programat',
  sent: 'SMS trimis',
  failed: 'SMS eșuat',
};

/** A stored appointment as the API answers it. */
export const appointment = z.object({
  _id: z.string(),
  patientId: z.string(),
  createdAt: z.string(),
  deLa: clockTime,
  panaLa: clockTime,
  start: z.string(),
  end: z.string(),
  medicId: z.string(),
  medic: z.string(),
  nota: z.string(),
  trimite_sms: z.boolean(),
  reminder: reminderState.nullable(),
  version: z.number().int(),
  /** Where it takes place (issue 14); set on every appointment since migration 0028. */
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  chairId: z.string().nullable(),
  chairName: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointment>;

/** The answer of save/update/sterge-programare and GET /api/get-programari/{patientId}: upcoming first. */
export const appointmentList = z.array(appointment);

/** The two overlaps a booking may be warned of (409, with `keepOverlap` to save anyway). */
export function isOverlapMessage(message: string): boolean {
  return message === APPOINTMENT_MESSAGES.overlap || message === APPOINTMENT_MESSAGES.chairOverlap;
}

/** 409 details when the doctor or the chair is busy: the appointment it clashes with. */
export const overlapDetails = z.object({ clash: appointment });

/**
 * GET /api/calendar: the appointments of all patients from `from` to `to` (clinic days, inclusive),
 * optionally of one doctor and of one location (`sediu`; without it, every location: a doctor's week).
 */
export const calendarQuery = z.strictObject({
  from: appointmentDay,
  to: appointmentDay,
  medicId: z.string().trim().min(1).max(100).optional(),
  sediu: z.string().trim().min(1).max(100).optional(),
});
export type CalendarQuery = z.input<typeof calendarQuery>;

/** The longest range the calendar answers at once. */
export const CALENDAR_MAX_DAYS = 62;

export const calendarAppointment = appointment.extend({
  patient: z.object({ _id: z.string(), id: z.number().int(), nume: z.string(), prenume: z.string() }),
});
export type CalendarAppointment = z.infer<typeof calendarAppointment>;
export const calendarResponse = z.object({ programari: z.array(calendarAppointment) });
export type CalendarResponse = z.infer<typeof calendarResponse>;

/** The reminder text (a setting, admin only) with its placeholders, and the clinic name it uses. */
export const reminderSettings = z.strictObject({
  template: z.string().trim().min(1, REQUIRED).max(480),
  clinicName: z.string().trim().min(1, REQUIRED).max(120),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;
