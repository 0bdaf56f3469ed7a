import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anonymiseResult,
  retentionReport,
  retentionReportQuery,
  retentionSettings,
  retentionSettingsUpdate,
} from '@odonto/domain/contracts/gdpr-erasure';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import {
  anonymisePatient,
  finishFileErasures,
  readRetention,
  retentionReport as buildRetentionReport,
  saveRetention,
  type ErasureDeps,
} from './gdpr-erasure.service';

const patientParams = z.strictObject({ id: z.string().min(1).max(100) });
const tags = ['gdpr'];
const security = [{ session: [] }];

/** GDPR erasure (issue 16; docs/decisions/0035): the retention period, its report, anonymising a patient. */
export const gdprErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ErasureDeps = { db: app.db, blobs: app.blobs, now: app.now };

  // An anonymisation cut short after its commit left bytes to unlink: finish it before serving.
  app.addHook('onReady', async () => {
    const finished = await finishFileErasures(deps);
    if (finished > 0) app.log.info({ files: finished }, 'GDPR: fișiere șterse după o anonimizare întreruptă');
  });

  app.get(
    '/api/settings/gdpr-retention',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        summary: "The retention period of patients' data, in years from the last visit (admin)",
        security,
        response: { 200: retentionSettings, ...errorResponses(401, 403) },
      },
    },
    async () => (await readRetention(app.db)).settings,
  );

  app.put(
    '/api/settings/gdpr-retention',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        summary: 'Sets the retention period in years (admin); 409 on a stale version',
        security,
        body: retentionSettingsUpdate,
        response: { 200: retentionSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => saveRetention(deps, actorOf(request), request.body),
  );

  app.get(
    '/api/gdpr/retentie',
    {
      onRequest: requirePermission('anonymise:patient'),
      schema: {
        tags,
        summary: 'The patients whose retention period has passed, not yet anonymised (admin), 50 a page',
        description:
          'Last visit: the latest of the file opening, a treatment entry and an appointment (not deleted). ' +
          'Deleted patients are listed too (`sters`): their data is still held.',
        security,
        querystring: retentionReportQuery,
        response: { 200: retentionReport, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => buildRetentionReport(app.db, app.now(), request.query.page),
  );

  app.post(
    '/api/pacienti/:id/anonimizare',
    {
      onRequest: requirePermission('anonymise:patient'),
      schema: {
        tags,
        summary: 'Anonymises a patient past the retention period (admin): identity and files removed',
        description:
          'Clinical and financial rows stay, without the identity; issued invoices are never changed. ' +
          'The body is `{}`. Errors: 400 another body, 401, 403 another role, 404 unknown patient, 409 already anonymised, 422 before the ' +
          'retention period has passed (the message gives the day it becomes possible).',
        security,
        params: patientParams,
        // The patient is in the address; the body is `{}` (as the other calls that send nothing, two-factor's).
        body: z.strictObject({}),
        response: { 200: anonymiseResult, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => anonymisePatient(deps, actorOf(request), request.params.id),
  );
};
