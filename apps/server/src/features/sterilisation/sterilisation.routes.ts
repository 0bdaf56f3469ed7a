import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  biologicalUpdate,
  cycle,
  cycleIdParams,
  cycleRequest,
  historyQuery,
  instrument,
  instrumentCreate,
  instrumentHistoryEvent,
  instrumentListQuery,
  instrumentUpdate,
  sterilisationIdResponse,
  sterilisedInstrument,
} from '@odonto/domain/contracts/sterilisation';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import {
  availableInstruments,
  recordBiologicalResult,
  recordCycle,
  reserveSterilisationId,
  findCycle,
  findCycleOfPouch,
} from './cycles.service';
import {
  createInstrument,
  deleteInstrument,
  instrumentHistory,
  listInstruments,
  searchHistory,
  updateInstrument,
} from './instruments.service';
import { operatorOf, type SterilisationDeps } from './sterilisation-deps';
import { sterilisationRegisterRoutes } from './register.routes';

/** The sterilisation register (issue 6): SPEC.md §7 instrument calls, and the load's biological result. */
export const sterilisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SterilisationDeps = { db: app.db, dialect: app.dialect, now: app.now };
  const tags = ['sterilisation'];
  const read = requirePermission('read:sterilisation');
  const write = requirePermission('write:sterilisation');

  app.get(
    '/api/instruments',
    {
      onRequest: read,
      schema: {
        tags,
        summary:
          'Instruments by name (prefix `q`, case and diacritics ignored), with their last sterilisation',
        querystring: instrumentListQuery,
        response: { 200: z.array(instrument), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listInstruments(deps, request.query.q),
  );

  app.post(
    '/api/instruments',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Creates an instrument; 409 when a live instrument has the same name',
        body: instrumentCreate,
        response: { 201: instrument, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createInstrument(deps, operatorOf(request), request.body)),
  );

  app.put(
    '/api/instruments',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Renames or repacks the instrument `_id`; 409 stale `version` or a taken name, 404 unknown',
        body: instrumentUpdate,
        response: { 200: instrument, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateInstrument(deps, operatorOf(request), request.body),
  );

  app.delete(
    '/api/instrument/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Removes the instrument from the list (soft); its register rows and uses stay',
        params: z.strictObject({ id: z.string().min(1).max(100) }),
        response: { 200: z.object({ id: z.string() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deleteInstrument(deps, operatorOf(request), request.params.id),
  );

  app.get(
    '/api/instrument/sterilizare/get-id',
    {
      onRequest: write,
      config: { csrf: true },
      schema: {
        tags,
        summary: 'Hands out the next sterilisation id (for the label); never the same id twice',
        description:
          'A reserved id is passed back as `items[].id_sterilizare` of POST /api/instrument/sterilizare.',
        response: { 200: sterilisationIdResponse, ...errorResponses(401, 403) },
      },
    },
    async () => reserveSterilisationId(deps),
  );

  app.post(
    '/api/instrument/sterilizare',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Records an autoclave cycle (a load) with its pouches; answers the load',
        description:
          'Operator = the signed-in user; `startedAt` defaults to now (not more than 5 minutes ahead). The ' +
          'autoclave and programme must be in the configured lists (400). Each item gets the id reserved by ' +
          'get-id or a new one; an id not handed out yet is 400, one already in the register 409. Use-by = ' +
          'the shelf life of the instrument packaging. A new cycle supersedes the instrument previous pouch.',
        body: cycleRequest,
        response: { 201: cycle, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recordCycle(deps, operatorOf(request), request.body)),
  );

  app.get(
    '/api/instrument/sterilizare/:cycleId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'One load with its pouches',
        params: cycleIdParams,
        response: { 200: cycle, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findCycle(deps, request.params.cycleId),
  );

  app.get(
    '/api/instrument/eticheta/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The load of a sterilisation id (a scanned or typed label)',
        params: z.strictObject({ id: z.coerce.number().int().positive() }),
        response: { 200: cycle, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findCycleOfPouch(deps, request.params.id),
  );

  app.post(
    '/api/instrument/sterilizare/:cycleId/indicator-biologic',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Records the incubated biological indicator of a load (pass or fail)',
        description:
          'Only while the load result is pending (else 409). A fail takes its unused pouches out of use and ' +
          'flags the uses already made (`recalled` in the trace-back).',
        params: cycleIdParams,
        body: biologicalUpdate,
        response: { 200: cycle, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      recordBiologicalResult(deps, operatorOf(request), request.params.cycleId, request.body.biological),
  );

  app.get(
    '/api/instrument/get-history/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "An instrument's sterilisations and uses, newest first (`zi`: only that whole day)",
        params: z.strictObject({ id: z.string().min(1).max(100) }),
        querystring: historyQuery.pick({ zi: true }),
        response: { 200: z.array(instrumentHistoryEvent), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => instrumentHistory(deps, operatorOf(request), request.params.id, request.query.zi),
  );

  app.get(
    '/api/instrument/istoric',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Sterilisations and uses of the instruments whose name starts with `nume`, on the day `zi`',
        querystring: historyQuery,
        response: { 200: z.array(instrumentHistoryEvent), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchHistory(deps, operatorOf(request), request.query.nume, request.query.zi),
  );

  app.get(
    '/api/instrumente-sterilizate',
    {
      onRequest: requirePermission('read:sterilised-instruments'),
      schema: {
        tags,
        summary: 'The sterilised pouches a treatment may use now',
        description:
          'Never a pouch of a failed load (integrator or biological indicator), an expired, used or superseded one.',
        response: { 200: z.array(sterilisedInstrument), ...errorResponses(401, 403) },
      },
    },
    async () => availableInstruments(deps),
  );

  await app.register(sterilisationRegisterRoutes, { deps });
};
