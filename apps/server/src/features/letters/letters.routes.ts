import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lettersResponse,
  printResponse,
  saveLetterRequest,
  saveLetterResponse,
} from '@odonto/domain/contracts/letters';
import { actorOf, audit } from '../../plugins/audit';
import { currentUser, requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import {
  listLetters,
  recordLetterPrint,
  recordPatientPrint,
  saveLetter,
  type LettersDeps,
} from './letters.service';

const patientParams = z.strictObject({ id: z.string().min(1).max(100) });
const letterParams = z.strictObject({ id: z.string().min(1).max(100), letterId: z.string().min(1).max(100) });

/** Medical letters and the records of printing (issue 8; SPEC.md §7 save-scrisoare). */
export const lettersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LettersDeps = { db: app.db, now: app.now };
  const tags = ['letters'];
  const writeLetter = requirePermission('write:letter');

  app.post(
    '/api/save-scrisoare',
    {
      onRequest: writeLetter,
      schema: {
        tags,
        summary:
          'Saves a medical letter for the patient `id`; answers the patient with the letter (`scrisoare`)',
        description:
          'The author is the signed-in doctor, with the title the clinic settings give them. Letters are never ' +
          'changed afterwards. 400 empty or longer than 20,000 characters, 404 unknown or deleted patient.',
        body: saveLetterRequest,
        response: { 201: saveLetterResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, text } = request.body;
      const saved = await saveLetter(deps, currentUser(request), actorOf(request), id, text);
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/scrisori/:id',
    {
      onRequest: writeLetter,
      schema: {
        tags,
        summary: "The patient's medical letters, newest first (to reprint them)",
        description: 'Each answer writes a `patient_letters_view` audit row (the letters are medical data).',
        params: patientParams,
        response: { 200: lettersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const letters = await listLetters(deps, request.params.id);
      const patientId = request.params.id;
      await audit(request, {
        action: 'patient_letters_view',
        entity: 'patient',
        entityId: patientId,
        patientId,
      });
      return letters;
    },
  );

  app.post(
    '/api/print-scrisoare/:id/:letterId',
    {
      onRequest: writeLetter,
      schema: {
        tags,
        summary: 'Records (audit) that a letter of the patient is printed again; answers the time',
        params: letterParams,
        response: { 200: printResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => recordLetterPrint(deps, actorOf(request), request.params.id, request.params.letterId),
  );

  app.post(
    '/api/print-pacient/:id',
    {
      onRequest: requirePermission('print:patient'),
      schema: {
        tags,
        summary:
          'Records (audit) that the patient file is printed; answers the print time shown on the pages',
        params: patientParams,
        response: { 200: printResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => recordPatientPrint(deps, actorOf(request), request.params.id),
  );
};
