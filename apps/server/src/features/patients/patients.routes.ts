import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@odonto/domain/roles';
import { MESSAGES } from '@odonto/domain/messages';
import {
  blockPatientRequest,
  doctor,
  patient,
  patientInput,
  patientListQuery,
  patientListResponse,
  patientUpdate,
} from '@odonto/domain/contracts/patients';
import { actorOf } from '../../plugins/audit';
import { currentUser, requireAnyPermission, requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { findActiveDoctors } from './doctors.queries';
import { listPatients } from './patients-list.service';
import {
  createPatient,
  deletePatient,
  restorePatient,
  toggleBlock,
  updatePatient,
  viewPatient,
  type PatientsDeps,
} from './patients.service';

const idParams = z.strictObject({ id: z.string().min(1).max(100) });
const doctorCollator = new Intl.Collator('ro', { sensitivity: 'base' });

export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PatientsDeps = { db: app.db, now: app.now };
  const tags = ['patients'];
  const mayRestore = (request: FastifyRequest) => can(currentUser(request).roles, 'restore:patient');

  app.get(
    '/api/pacienti',
    {
      onRequest: requirePermission('read:patient'),
      schema: {
        tags,
        summary: 'Patients, 10 a page, newest first: search by name or phone, filters, creation-day range',
        description: '`deleted=true` lists the deleted patients instead (restore:patient only).',
        querystring: patientListQuery,
        response: { 200: patientListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (request.query.deleted === true && !mayRestore(request)) {
        throw new AppError(403, 'forbidden', MESSAGES.forbidden);
      }
      return listPatients({ db: app.db, dialect: app.dialect }, request.query);
    },
  );

  app.post(
    '/api/save-pacient',
    {
      onRequest: requirePermission('write:patient'),
      schema: {
        tags,
        summary: 'Creates a patient with the next file number; answers the saved patient',
        body: patientInput,
        response: { 201: patient, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPatient(deps, actorOf(request), request.body)),
  );

  app.post(
    '/api/update-pacient/:id',
    {
      onRequest: requirePermission('write:patient'),
      schema: {
        tags,
        summary:
          'Saves the patient form; 409 when `version` is not the current one or the patient was anonymised (nothing is changed)',
        params: idParams,
        body: patientUpdate,
        response: { 200: patient, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePatient(deps, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/get-pacient/:id',
    {
      onRequest: requirePermission('read:patient'),
      schema: {
        tags,
        summary: 'The full patient; every view is audited. Deleted patients only for restore:patient',
        params: idParams,
        response: { 200: patient, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      viewPatient(deps, actorOf(request), request.params.id, {
        canSeeDeleted: mayRestore(request),
        canSeeBalance: can(currentUser(request).roles, 'read:payments'),
      }),
  );

  app.post(
    '/api/block-pacient',
    {
      onRequest: requirePermission('block:patient'),
      schema: {
        tags,
        summary: 'Toggles the blocked flag; answers the patient',
        body: blockPatientRequest,
        response: { 200: patient, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toggleBlock(deps, actorOf(request), request.body.id),
  );

  app.get(
    '/api/delete-pacient/:id',
    {
      onRequest: requirePermission('delete:patient'),
      config: { csrf: true },
      schema: {
        tags,
        summary: 'Soft-deletes the patient (an admin can restore it); needs X-Requested-With: odonto',
        params: idParams,
        response: { 200: z.object({ id: z.string() }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deletePatient(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/api/restore-pacient/:id',
    {
      onRequest: requirePermission('restore:patient'),
      schema: {
        tags,
        summary: 'Restores a deleted patient; answers the patient (409 when it is not deleted)',
        params: idParams,
        response: { 200: patient, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => restorePatient(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/api/get-medici',
    {
      onRequest: requireAnyPermission('read:patient', 'read:sterilisation'),
      schema: {
        tags,
        summary: 'Active users with the medic role, by name',
        response: { 200: z.array(doctor), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const doctors = await findActiveDoctors(app.db);
      return doctors
        .map((row) => ({ _id: row.id, nume: row.nume, email: row.email }))
        .sort((a, b) => doctorCollator.compare(a.nume, b.nume));
    },
  );
};
