import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActionsResponse,
  auditFilterQuery,
  auditListQuery,
  auditListResponse,
  auditUsersResponse,
} from '@odonto/domain/contracts/audit';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { auditActions, auditUsers, exportAudit, listAudit, type AuditDeps } from './audit.service';

/** The audit trail for admins (read:audit): the list, its filters' choices and the CSV export. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuditDeps = { db: app.db, now: app.now };
  const tags = ['audit'];
  const onRequest = requirePermission('read:audit');
  const security = [{ session: [] }];

  app.get(
    '/api/audit',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The audit log, 50 a page, newest first; filters by user, patient, action and days',
        description:
          '`user` is a user id or an email; `patient` a patient `_id`; `from`/`to` whole days (YYYY-MM-DD) ' +
          'in Europe/Bucharest; `page` from 1.',
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/api/audit/actions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The actions present in the log, with their Romanian labels (for the filter)',
        response: { 200: auditActionsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => auditActions(app.db),
  );

  app.get(
    '/api/audit/users',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The emails present in the log with the account's current name (for the filter)",
        response: { 200: auditUsersResponse, ...errorResponses(401, 403) },
      },
    },
    async () => auditUsers(app.db),
  );

  app.get(
    '/api/audit/export.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The filtered log as a CSV download (UTF-8 with BOM, `;`-separated); the export is audited',
        description:
          'Same filters as GET /api/audit, without `page`; every matching row, streamed. Columns: Data și ora ' +
          '(Europe/Bucharest), Utilizator, Email, Adresă IP, Acțiune, Pacient, Detalii. ' +
          'Errors (JSON): 400 bad filters, 401 signed out, 403 without read:audit.',
        produces: ['text/csv'],
        querystring: auditFilterQuery,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await exportAudit(deps, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
