import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EFACTURA_MESSAGES,
  efacturaCallbackQuery,
  efacturaSettings,
  efacturaSettingsUpdate,
  efacturaStatus,
  efacturaSubmission,
  resolveSubmissionInput,
  submissionParams,
} from '@odonto/domain/contracts/efactura';
import { openStoredFile } from '../../files/store';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import {
  finishAuthorisation,
  readSettings,
  readStatus,
  saveSettings,
  startAuthorisation,
} from './efactura-connection.service';
import { efacturaContext } from './efactura-context';
import { findSubmission, resolveSubmission } from './efactura-submissions';
import { findFileById, findSubmissionByDocument } from './efactura.queries';

/** The ANAF e-Factura connection (admin) and the submissions' state (issue 13). */
export const efacturaRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = efacturaContext(app);
  const tags = ['efactura'];
  const security = [{ session: [] }];
  const manage = requirePermission('manage:efactura');

  app.get(
    '/api/efactura/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'The ANAF connection settings (admin); the client secret only as `hasClientSecret`',
        response: { 200: efacturaSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readSettings(ctx),
  );

  app.put(
    '/api/efactura/settings',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'Saves the ANAF connection settings (admin); 409 when `version` is not the current one',
        description:
          'The client secret is stored encrypted; leave it out (or empty) to keep the stored one. `apiUrl` and ' +
          "`oauthUrl` null: ANAF's own addresses for the environment.",
        body: efacturaSettingsUpdate,
        response: { 200: efacturaSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return saveSettings(ctx, actorOf(request), input, version);
    },
  );

  app.get(
    '/api/efactura/status',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'Whether the app is authorised at ANAF, and until when',
        response: { 200: efacturaStatus, ...errorResponses(401, 403) },
      },
    },
    async () => readStatus(ctx),
  );

  app.get(
    '/api/efactura/authorize',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: "Starts the authorisation: 302 to ANAF's consent page (opened in the browser, not fetched)",
        description: '400 while the client id, secret, callback address or CIF are missing.',
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.redirect(await startAuthorisation(ctx, actorOf(request)), 302),
  );

  app.get(
    '/api/efactura/callback',
    {
      schema: {
        tags,
        summary:
          "ANAF's redirect after the consent: exchanges the code, then 302 to /setari?efactura=<result>",
        description:
          'No session is needed (the browser comes from ANAF, so the SameSite=Strict cookie is not sent): the ' +
          'single-use `state` given by /api/efactura/authorize authorises it. 400 for a missing, unknown, used ' +
          'or expired state. Results: conectat, refuzat, eroare.',
        querystring: efacturaCallbackQuery,
        response: { ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const result = await finishAuthorisation(ctx, request.query);
      return reply.redirect(`/setari?efactura=${result}`, 302);
    },
  );

  app.get(
    '/api/efactura/submissions/:documentId',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary:
          "A document's e-Factura state (admin): upload index, ANAF's messages, whether the answer is stored",
        description:
          'Other roles see the state inside the invoice they may read (the invoices feature narrows a doctor to ' +
          "their own patients' invoices and includes `findSubmission`).",
        params: submissionParams,
        response: { 200: efacturaSubmission, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const submission = await findSubmission(app.db, request.params.documentId);
      if (!submission) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.submissionNotFound);
      return submission;
    },
  );

  app.post(
    '/api/efactura/submissions/:documentId/resolve',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary:
          'Resolves a submission to check or failed (admin): the upload index found in SPV, or send again',
        description:
          '`{action:"uploaded", uploadIndex, version}` when SPV shows the invoice; `{action:"requeue", version}` ' +
          'when the admin made sure ANAF does not have it. 409 for a stale version, another state, or an index ' +
          'another document has.',
        params: submissionParams,
        body: resolveSubmissionInput,
        response: { 200: efacturaSubmission, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      resolveSubmission(app.db, app.now(), actorOf(request), request.params.documentId, request.body),
  );

  app.get(
    '/api/efactura/submissions/:documentId/xml',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'The XML of a document exactly as it was (or will be) sent to ANAF (admin)',
        params: submissionParams,
      },
    },
    async (request, reply) => {
      const row = await findSubmissionByDocument(app.db, request.params.documentId);
      if (!row) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.submissionNotFound);
      const name = `${row.document_id.replace(/[^\w.-]+/g, '_')}.xml`;
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(row.xml);
    },
  );

  app.get(
    '/api/efactura/submissions/:documentId/answer',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: "ANAF's signed answer ZIP of a document (admin); 404 until it is downloaded",
        params: submissionParams,
      },
    },
    async (request, reply) => {
      const row = await findSubmissionByDocument(app.db, request.params.documentId);
      if (!row) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.submissionNotFound);
      const file = row.answer_file_id ? await findFileById(app.db, row.answer_file_id) : undefined;
      const stream = file ? await openStoredFile(app, file) : null;
      if (!file || !stream) throw new AppError(404, 'not_found', EFACTURA_MESSAGES.answerNotFound);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
