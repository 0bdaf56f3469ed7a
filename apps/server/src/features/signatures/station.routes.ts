import { z } from 'zod';
import {
  signatureRequestCreate,
  signatureRequestState,
  stationEvent as stationEventAnswer,
} from '@odonto/domain/contracts/signatures';
import type { App } from '../../app-types';
import { actorOf } from '../../plugins/audit';
import { currentUser, requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { cancelRequest, createRequest, requestState, stationEvent } from './requests.service';
import type { SignatureDeps } from './signatures.service';
import { streamStationEvents } from './station-events';

const requestParams = z.strictObject({ id: z.string().min(1).max(100) });

/** Signing on a second device: requests sent to the clinic's signature station and its event stream. */
export function registerStationRoutes(app: App, deps: SignatureDeps): void {
  const tags = ['signatures'];
  const write = requirePermission('write:patient');
  const signerOf = (request: Parameters<typeof actorOf>[0]) => ({
    user: currentUser(request),
    actor: actorOf(request),
  });

  app.post(
    '/api/signature-requests',
    {
      onRequest: write,
      schema: {
        tags,
        summary:
          'Sends a signature request (an entry, a consent or a plan acceptance) to the signature station',
        description:
          'What is to be signed is fixed now (snapshot and SHA-256). A request still pending is cancelled: ' +
          'a station shows one request at a time. It waits 15 minutes. 404 patient or entry unknown, 409 ' +
          'the entry changed since `version`.',
        body: signatureRequestCreate,
        response: { 201: signatureRequestState, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRequest(deps, signerOf(request), request.body)),
  );

  app.get(
    '/api/signature-requests/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'How a signature request stands (pending, signed with its signature, cancelled, expired)',
        params: requestParams,
        response: { 200: signatureRequestState, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requestState(deps, request.params.id),
  );

  app.post(
    '/api/signature-requests/:id/cancel',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Cancels a pending signature request; 409 once it is signed, cancelled or expired',
        params: requestParams,
        response: { 200: signatureRequestState, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelRequest(deps, signerOf(request), request.params.id),
  );

  app.get(
    '/api/signature-station/pending',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'What the signature station shows now: the pending request, or null',
        response: { 200: stationEventAnswer, ...errorResponses(401, 403) },
      },
    },
    async () => stationEvent(app.db, app.now()),
  );

  app.get(
    '/api/signature-station/events',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Server-sent events for a signature station: `request` with the pending request, or null',
        description:
          'text/event-stream. On connecting and whenever the pending request changes, an event `request` ' +
          'whose data is `{"request": …|null}` (as GET /api/signature-station/pending); a comment every ' +
          '20 s keeps the connection open.',
        response: { ...errorResponses(401, 403) },
      },
    },
    (request, reply) => streamStationEvents(deps, request, reply),
  );
}
