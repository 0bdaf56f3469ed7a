import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { appointmentInstants } from '@odonto/domain/appointments';
import {
  APPOINTMENT_MESSAGES,
  CALENDAR_MAX_DAYS,
  type Appointment,
  type AppointmentData,
  type CalendarResponse,
} from '@odonto/domain/contracts/appointments';
import { dateWindowProblem, type DateWindow } from '@odonto/domain/date-window';
import { endOfDay, startOfDay, toIsoDay } from '@odonto/domain/dates';
import type { Clock } from '../../app-types';
import type { AppointmentRow, Database, PatientRow } from '../../db/database';
import { parseStringArray } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  latestReminders,
  toAppointment,
  toCalendarAppointment,
  upcomingFirst,
} from './appointments.presenter';
import {
  findAppointmentsInRange,
  findLiveAppointment,
  findPatientAppointments,
  findReminders,
  insertAppointment,
  lockDoctor,
  softDeleteAppointment,
  updateAppointmentIfVersion,
} from './appointments.queries';
import { readReminderSettings } from './reminder-settings.queries';
import { syncReminder } from './reminders.service';
import { checkOverlaps } from './appointment-overlaps';
import { choosePlace, type Place } from './appointment-place';
import { findLivePatient } from '../patients/live-patient.queries';

export interface AppointmentsDeps {
  db: Kysely<Database>;
  now: Clock;
  /** SMS_REMIND_HOURS. */
  remindHours: number;
  /** The days an appointment may be booked on (config). */
  dateWindow: DateWindow;
}

/** A day outside the window is a typing mistake (year 9999, year 0001): 400 on `createdAt`. */
function checkAppointmentDay(deps: AppointmentsDeps, day: string): void {
  const problem = dateWindowProblem(day, 'Data programării', deps.dateWindow, toIsoDay(deps.now()));
  if (problem !== null) throw new AppError(400, 'invalid_input', problem, { fields: { createdAt: problem } });
}

function patientNotFound(): AppError {
  return new AppError(404, 'not_found', APPOINTMENT_MESSAGES.patientNotFound);
}

/** The patient's appointments as the screen lists them: upcoming first, then past. */
export async function listPatientAppointments(
  deps: AppointmentsDeps,
  patientId: string,
): Promise<Appointment[]> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  return answerList(deps, patientId);
}

async function answerList(deps: AppointmentsDeps, patientId: string): Promise<Appointment[]> {
  const rows = await findPatientAppointments(deps.db, patientId);
  const reminders = latestReminders(
    await findReminders(
      deps.db,
      rows.map((row) => row.id),
    ),
  );
  const items = rows.map((row) => toAppointment(row, reminders.get(row.id) ?? null));
  return upcomingFirst(items, deps.now());
}

/**
 * All appointments from the first day to the last (clinic days, inclusive), optionally of one doctor and
 * of one location (without it, every location: a doctor's week across them).
 */
export async function calendar(
  deps: AppointmentsDeps,
  query: { from: string; to: string; medicId?: string | undefined; sediu?: string | undefined },
): Promise<CalendarResponse> {
  const from = startOfDay(query.from);
  const to = new Date(endOfDay(query.to).getTime() + 1);
  if (to <= from || to.getTime() - from.getTime() > (CALENDAR_MAX_DAYS + 1) * 86_400_000) {
    throw new AppError(400, 'invalid_input', APPOINTMENT_MESSAGES.range, {
      fields: { to: APPOINTMENT_MESSAGES.range },
    });
  }
  const rows = await findAppointmentsInRange(deps.db, {
    from: from.toISOString(),
    to: to.toISOString(),
    doctorId: query.medicId,
    locationId: query.sediu,
  });
  const reminders = latestReminders(
    await findReminders(
      deps.db,
      rows.map((row) => row.id),
    ),
  );
  return { programari: rows.map((row) => toCalendarAppointment(row, reminders.get(row.id) ?? null)) };
}

interface Planned {
  doctorName: string;
  starts_at: string;
  ends_at: string;
}

/**
 * Checks the doctor (locked for the transaction), the time and, unless told to keep an overlap, that
 * neither the doctor nor the chair (locked by choosePlace) is busy then.
 */
async function plan(
  trx: Kysely<Database>,
  input: AppointmentData,
  selfId: string | undefined,
  place: Place,
): Promise<Planned> {
  const doctor = await lockDoctor(trx, input.medicId);
  if (!doctor || doctor.active !== 1 || !parseStringArray(doctor.roles).includes('medic')) {
    throw new AppError(400, 'invalid_input', APPOINTMENT_MESSAGES.unknownDoctor, {
      fields: { medicId: APPOINTMENT_MESSAGES.unknownDoctor },
    });
  }
  const { start, end } = appointmentInstants(input.createdAt, input.deLa, input.panaLa);
  const planned = {
    doctorName: doctor.nume,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(end).toISOString(),
  };
  if (!input.keepOverlap) {
    await checkOverlaps(trx, {
      selfId,
      doctorId: doctor.id,
      chairId: place.chair_id,
      start,
      end,
      startsAt: planned.starts_at,
      endsAt: planned.ends_at,
    });
  }
  return planned;
}

function auditDetails(
  row: Pick<
    AppointmentRow,
    'id' | 'starts_at' | 'ends_at' | 'doctor_id' | 'trimite_sms' | 'location_id' | 'chair_id'
  >,
  extra: Record<string, unknown> = {},
) {
  return {
    appointmentId: row.id,
    start: row.starts_at,
    end: row.ends_at,
    medicId: row.doctor_id,
    sediuId: row.location_id,
    cabinetId: row.chair_id,
    trimite_sms: row.trimite_sms === 1,
    ...extra,
  };
}

async function requirePatient(trx: Kysely<Database>, patientId: string): Promise<PatientRow> {
  const patient = await findLivePatient(trx, patientId);
  if (!patient) throw patientNotFound();
  return patient;
}

/** POST /api/save-programare/{patientId}: books, queues the reminder, audits; answers the list. */
export async function createAppointment(
  deps: AppointmentsDeps,
  actor: AuditActor,
  patientId: string,
  input: AppointmentData,
): Promise<Appointment[]> {
  checkAppointmentDay(deps, input.createdAt);
  const settings = await readReminderSettings(deps.db);
  await deps.db.transaction().execute(async (trx) => {
    const patient = await requirePatient(trx, patientId);
    const place = await choosePlace(trx, input, actor.userId);
    const planned = await plan(trx, input, undefined, place);
    const now = deps.now();
    const at = now.toISOString();
    const row: AppointmentRow = {
      id: randomUUID(),
      patient_id: patientId,
      doctor_id: input.medicId,
      starts_at: planned.starts_at,
      ends_at: planned.ends_at,
      note: input.nota,
      trimite_sms: input.trimite_sms ? 1 : 0,
      created_at: at,
      created_by: actor.userId,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
      ...place,
    };
    await insertAppointment(trx, row);
    await syncReminder(trx, row, patient, planned.doctorName, {
      settings,
      remindHours: deps.remindHours,
      now,
    });
    await writeAudit(trx, now, actor, {
      action: 'appointment_create',
      entity: 'appointment',
      entityId: row.id,
      patientId,
      details: auditDetails(row, input.keepOverlap ? { keepOverlap: true } : {}),
    });
  });
  return answerList(deps, patientId);
}

/** PUT /api/update-programare/{patientId}: moves or edits at the version read (stale: 409). */
export async function updateAppointment(
  deps: AppointmentsDeps,
  actor: AuditActor,
  patientId: string,
  input: AppointmentData & { _id: string; version: number },
): Promise<Appointment[]> {
  checkAppointmentDay(deps, input.createdAt);
  const settings = await readReminderSettings(deps.db);
  await deps.db.transaction().execute(async (trx) => {
    const patient = await requirePatient(trx, patientId);
    const before = await findLiveAppointment(trx, patientId, input._id);
    if (!before) throw new AppError(404, 'not_found', APPOINTMENT_MESSAGES.notFound);
    if (before.version !== input.version) throw new AppError(409, 'conflict', APPOINTMENT_MESSAGES.stale);
    const place = await choosePlace(trx, input, actor.userId, before);
    const planned = await plan(trx, input, before.id, place);
    const now = deps.now();
    const changes = {
      ...place,
      doctor_id: input.medicId,
      starts_at: planned.starts_at,
      ends_at: planned.ends_at,
      note: input.nota,
      trimite_sms: input.trimite_sms ? 1 : 0,
      updated_at: now.toISOString(),
    };
    if (!(await updateAppointmentIfVersion(trx, before.id, input.version, changes))) {
      throw new AppError(409, 'conflict', APPOINTMENT_MESSAGES.stale);
    }
    const after = { ...before, ...changes };
    await syncReminder(trx, after, patient, planned.doctorName, {
      settings,
      remindHours: deps.remindHours,
      now,
    });
    await writeAudit(trx, now, actor, {
      action: 'appointment_update',
      entity: 'appointment',
      entityId: before.id,
      patientId,
      details: auditDetails(after, {
        before: {
          start: before.starts_at,
          end: before.ends_at,
          medicId: before.doctor_id,
          sediuId: before.location_id,
          cabinetId: before.chair_id,
        },
        ...(input.keepOverlap ? { keepOverlap: true } : {}),
      }),
    });
  });
  return answerList(deps, patientId);
}

/** POST /api/sterge-programare/{patientId}: soft-deletes, cancels a waiting reminder, audits. */
export async function deleteAppointment(
  deps: AppointmentsDeps,
  actor: AuditActor,
  patientId: string,
  input: { _id: string; version?: number | undefined },
): Promise<Appointment[]> {
  await deps.db.transaction().execute(async (trx) => {
    const patient = await requirePatient(trx, patientId);
    const before = await findLiveAppointment(trx, patientId, input._id);
    if (!before) throw new AppError(404, 'not_found', APPOINTMENT_MESSAGES.notFound);
    if (input.version !== undefined && before.version !== input.version) {
      throw new AppError(409, 'conflict', APPOINTMENT_MESSAGES.stale);
    }
    const now = deps.now();
    await softDeleteAppointment(trx, before.id, now.toISOString(), actor.userId);
    await syncReminder(trx, { ...before, deleted_at: now.toISOString() }, patient, '', {
      settings: await readReminderSettings(trx),
      remindHours: deps.remindHours,
      now,
    });
    await writeAudit(trx, now, actor, {
      action: 'appointment_delete',
      entity: 'appointment',
      entityId: before.id,
      patientId,
      details: auditDetails(before),
    });
  });
  return answerList(deps, patientId);
}
