import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cycleIdParams,
  cycleTraceResponse,
  dailyTestRequest,
  dailyTestsQuery,
  dailyTestsResponse,
  patientTraceParams,
  patientTraceResponse,
  registerQuery,
  registerResponse,
  sterilisationSettings,
} from '@odonto/domain/contracts/sterilisation';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { recordDailyTest, registerBetween, todaysDailyTests } from './cycles.service';
import { readSterilisationSettings, saveSterilisationSettings } from './settings.service';
import { operatorOf, type SterilisationDeps } from './sterilisation-deps';
import { registerCsv, traceCsv, traceCycle, tracePatient } from './trace.service';

const CSV_TYPE = 'text/csv; charset=utf-8';

/** The register for inspections, the daily autoclave test, trace-back and the configurable lists. */
export const sterilisationRegisterRoutes: FastifyPluginAsyncZod<{ deps: SterilisationDeps }> = async (
  app,
  { deps },
) => {
  const tags = ['sterilisation'];
  const read = requirePermission('read:sterilisation');
  const write = requirePermission('write:sterilisation');

  app.get(
    '/api/instrument/test-zilnic',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "Today's Bowie-Dick / Helix tests and the autoclaves still missing a passed one",
        description: 'With `sediu`, only the autoclaves serving that location (a clinic group).',
        querystring: dailyTestsQuery,
        response: { 200: dailyTestsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => todaysDailyTests(deps, request.query.sediu),
  );

  app.post(
    '/api/instrument/test-zilnic',
    {
      onRequest: write,
      schema: {
        tags,
        summary: "Records today's daily test of an autoclave (operator = the signed-in user)",
        body: dailyTestRequest,
        response: { 201: dailyTestsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recordDailyTest(deps, operatorOf(request), request.body)),
  );

  app.get(
    '/api/instrument/registru',
    {
      onRequest: read,
      schema: {
        tags,
        summary:
          'The register of the clinic days `from`..`to` (YYYY-MM-DD, at most 366 days): loads and daily tests',
        description: 'With `sediu`, only the loads and tests of the autoclaves serving that location.',
        querystring: registerQuery,
        response: { 200: registerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => registerBetween(deps, request.query.from, request.query.to, request.query.sediu),
  );

  app.get(
    '/api/instrument/registru.csv',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The register as CSV (UTF-8 with BOM, `;`): one line per pouch',
        querystring: registerQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { from, to, sediu } = request.query;
      const register = await registerBetween(deps, from, to, sediu);
      return reply
        .header('content-type', CSV_TYPE)
        .header('content-disposition', `attachment; filename="registru-sterilizare-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(registerCsv(register.cycles));
    },
  );

  app.get(
    '/api/instrument/sterilizare/:cycleId/pacienti',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Trace-back: the patients and treatments the pouches of a load were used in',
        params: cycleIdParams,
        response: { 200: cycleTraceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => traceCycle(deps, operatorOf(request), request.params.cycleId),
  );

  app.get(
    '/api/instrument/sterilizare/:cycleId/pacienti.csv',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The trace-back of a load as CSV',
        params: cycleIdParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const reader = operatorOf(request);
      const trace = await traceCycle(deps, reader, request.params.cycleId, 'csv');
      return reply
        .header('content-type', CSV_TYPE)
        .header('content-disposition', `attachment; filename="sarja-${trace.cycle.id}-pacienti.csv"`)
        .header('cache-control', 'no-store')
        .send(traceCsv(trace, reader.seesPatients));
    },
  );

  app.get(
    '/api/instrument/pacient/:fileNumber',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Trace-back from a patient (by file number): the sterilised pouches used on them',
        params: patientTraceParams,
        response: { 200: patientTraceResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tracePatient(deps, operatorOf(request), request.params.fileNumber),
  );

  app.get(
    '/api/instrument/setari',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Autoclaves, programmes and shelf life (days) per packaging type',
        response: { 200: sterilisationSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readSterilisationSettings(deps.db),
  );

  app.put(
    '/api/instrument/setari',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        summary: 'Saves the lists (admin); new cycles use them, recorded ones keep their values',
        body: sterilisationSettings,
        response: { 200: sterilisationSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveSterilisationSettings(deps, operatorOf(request), request.body),
  );
};
