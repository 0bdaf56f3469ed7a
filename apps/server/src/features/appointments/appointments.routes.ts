import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointment,
  appointmentDelete,
  appointmentInput,
  appointmentList,
  appointmentUpdate,
  calendarQuery,
  calendarResponse,
  reminderSettings,
} from '@odonto/domain/contracts/appointments';
import { actorOf, audit } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import {
  calendar,
  createAppointment,
  deleteAppointment,
  listPatientAppointments,
  updateAppointment,
  type AppointmentsDeps,
} from './appointments.service';
import { OverlapError } from './appointment-overlaps';
import { readReminderSettings, writeReminderSettings } from './reminder-settings.queries';

const patientIdParams = z.strictObject({ patientId: z.string().min(1).max(100) });

/** 409: a stale version, or (with `clash`) the doctor's or the chair's appointment the new time overlaps. */
const conflictBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    clash: appointment.optional(),
  }),
});

/** Answers an overlap as 409 with the clashing appointment; any other error goes to the error handler. */
async function answeringOverlap<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof OverlapError)) throw error;
    return reply.code(409).send({ error: { code: 'conflict', message: error.message, clash: error.clash } });
  }
}

const WRITE_DESCRIPTION =
  'Appointment form of SPEC.md §3: `createdAt` the clinic day (YYYY-MM-DD, Bucharest), `deLa`/`panaLa` ' +
  '{ora, minute}, `trimite_sms`, `medicId` (an active medic), `nota`. The end may not be before the start ' +
  '(400 on `panaLa.ora` / `panaLa.minute` with SPEC.md §5 eqOrGt / eqOrGtMinutes messages). When the ' +
  'doctor already has an appointment sharing time, 409 with `error.clash`; send again with ' +
  '`keepOverlap: true` to keep both. With `trimite_sms` an SMS reminder is queued SMS_REMIND_HOURS ' +
  'before the start (moved: re-queued; flag off: cancelled). `sediuId` the location (absent: on a new ' +
  'appointment the user’s first open location, else the clinic’s first; on a change, where it is), ' +
  '`cabinetId` a chair of it or null; an unknown or closed location or chair, or a chair of another ' +
  'location, is 422 on the field. A chair busy at that time is 409 with `error.clash` too (`keepOverlap` ' +
  'keeps both). Answers the patient’s appointments, upcoming first, then past ones.';

/** Appointments (issue 5): a patient's list, the clinic calendar, and the reminder text setting. */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AppointmentsDeps = {
    db: app.db,
    now: app.now,
    remindHours: app.config.smsRemindHours,
    dateWindow: app.config.dateWindow,
  };
  const tags = ['appointments'];
  const read = requirePermission('read:patient');
  const write = requirePermission('write:patient');

  app.get(
    '/api/get-programari/:patientId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The patient’s appointments, upcoming first then past, with their reminder state',
        params: patientIdParams,
        response: { 200: appointmentList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listPatientAppointments(deps, request.params.patientId),
  );

  app.post(
    '/api/save-programare/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Books an appointment for the patient; answers the full appointment list',
        description: WRITE_DESCRIPTION,
        params: patientIdParams,
        body: appointmentInput,
        response: { 201: appointmentList, 409: conflictBody, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      answeringOverlap(reply, async () =>
        reply
          .code(201)
          .send(await createAppointment(deps, actorOf(request), request.params.patientId, request.body)),
      ),
  );

  app.put(
    '/api/update-programare/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Changes or moves an appointment (`_id`, `version` as read: stale → 409); answers the list',
        description: WRITE_DESCRIPTION,
        params: patientIdParams,
        body: appointmentUpdate,
        response: { 200: appointmentList, 409: conflictBody, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      answeringOverlap(reply, () =>
        updateAppointment(deps, actorOf(request), request.params.patientId, request.body),
      ),
  );

  app.post(
    '/api/sterge-programare/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Deletes (soft) an appointment and cancels its waiting reminder; answers the list',
        params: patientIdParams,
        body: appointmentDelete,
        response: { 200: appointmentList, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteAppointment(deps, actorOf(request), request.params.patientId, request.body),
  );

  app.get(
    '/api/calendar',
    {
      onRequest: read,
      schema: {
        tags,
        summary:
          'All appointments from `from` to `to` (clinic days, inclusive, at most 62), optionally of one doctor ' +
          'and of one location (`sediu`; without it, every location)',
        querystring: calendarQuery,
        response: { 200: calendarResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => calendar(deps, request.query),
  );

  const manage = requirePermission('manage:settings');
  app.get(
    '/api/setari/sms-reminder',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'The SMS reminder text ({clinica}, {pacient}, {data}, {ora}, {medic}) and the clinic name',
        response: { 200: reminderSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readReminderSettings(app.db),
  );

  app.put(
    '/api/setari/sms-reminder',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Saves the SMS reminder text and clinic name; reminders queued from now on use them',
        body: reminderSettings,
        response: { 200: reminderSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await writeReminderSettings(app.db, request.body, app.now().toISOString());
      await audit(request, { action: 'sms_reminder_settings', details: { ...request.body } });
      return readReminderSettings(app.db);
    },
  );
};
