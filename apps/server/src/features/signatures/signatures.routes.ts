import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  patientSignatures as patientSignaturesAnswer,
  signaturePayload,
} from '@odonto/domain/contracts/signatures';
import { signatureAnswer } from '@odonto/domain/contracts/signatures-answer';
import { actorOf } from '../../plugins/audit';
import { currentUser, requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { activateSignature, patientSignatures, type SignatureDeps } from './signatures.service';
import { createStationHub } from './station-relay';
import { registerStationRoutes } from './station.routes';

const patientParams = z.strictObject({ patientId: z.string().min(1).max(100) });

/** Patients' e-signatures (issue 8): POST /api/signature, a patient's signatures, the signature station. */
export const signaturesRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = await createStationHub(app);
  const deps: SignatureDeps = {
    db: app.db,
    now: app.now,
    store: { db: app.db, blobs: app.blobs, now: app.now },
    hub,
  };
  const tags = ['signatures'];
  app.addHook('preClose', async () => hub.closeAll());

  app.post(
    '/api/signature',
    {
      onRequest: requirePermission('write:patient'),
      // A base64 PNG of up to SIGNATURE_MAX_BYTES, with room for the JSON around it.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: "Stores a patient's signature and activates it (SPEC.md §7); answers it, with the entry",
        description:
          '`kind` `entry`: the patient signs the history entry `entryId` as it stands now (`version`, when ' +
          'sent, must be the one the screen shows: else 409); `consent`: a patient-level consent (`text`, ' +
          'or the clinic default); `request`: the pending signature-station request `requestId` (what it ' +
          'showed is what is signed); `plan`: the acceptance of the alternative `alternative` of the plan `planId` at ' +
          'its `revision` (request:plan-signature; the plan becomes acceptat in the same transaction; 409 when it ' +
          'is not a proposal in its validity or changed since). `image`: a PNG data URL (signature_pad toDataURL), checked by its ' +
          'bytes and re-encoded, served at /history-imgs/{patientId}/{signature.image} to signed-in staff. ' +
          'Stored with the SHA-256 of the canonical JSON of what is signed and its snapshot; an entry then ' +
          'answers `signature` (the image) and `signed` (matches: false once the entry changes). 400 nothing ' +
          'drawn or bad input, 404 patient/entry/request unknown, 409 entry changed or request no longer ' +
          'pending, 413 above 1 MB, 415 not a PNG, 422 damaged or above 4000 px.',
        body: signaturePayload,
        response: { 201: signatureAnswer, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const signer = { user: currentUser(request), actor: actorOf(request) };
      return reply.code(201).send(await activateSignature(deps, signer, request.body));
    },
  );

  app.get(
    '/api/signatures/:patientId',
    {
      onRequest: requirePermission('read:patient'),
      schema: {
        tags,
        summary: "A patient's signatures, newest first, each with whether it still matches what was signed",
        description: '404 when the patient is unknown or deleted.',
        params: patientParams,
        response: { 200: patientSignaturesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => patientSignatures(app.db, request.params.patientId),
  );

  registerStationRoutes(app, deps);
};
