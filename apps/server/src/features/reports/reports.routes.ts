import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashReport,
  cashReportQuery,
  commissionsReport,
  commissionsReportQuery,
  monthReportQuery,
  plansReport,
  plansReportQuery,
  receivablesQuery,
  receivablesReport,
  revenueReport,
} from '@odonto/domain/contracts/reports';
import { MESSAGES } from '@odonto/domain/messages';
import { cashReportScope, reportScope, type ReportFormat, type ReportScope } from '@odonto/domain/reports';
import { currentUser, signedInHook } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import {
  cashTable,
  commissionsTable,
  plansTable,
  receivablesTable,
  reportFile,
  revenueTable,
  type ReportTable,
} from './reports-export';
import * as reports from './reports.service';

type ScopeOf = (roles: readonly string[], userId: string) => ReportScope | null;

/** Who may open a report, and whose figures they see (the service narrows every query to it). */
function scopeOf(request: FastifyRequest, of: ScopeOf): ReportScope {
  const user = currentUser(request);
  const scope = of(user.roles, user.id);
  if (!scope) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
  return scope;
}

const guard = (of: ScopeOf) =>
  signedInHook(async (request: FastifyRequest) => {
    scopeOf(request, of);
  });

async function send<T>(
  reply: FastifyReply,
  report: T,
  format: ReportFormat | undefined,
  table: (report: T) => ReportTable,
) {
  if (!format) return report;
  const file = await reportFile(table(report), format);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

const FILE_TYPES = [
  'application/json',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const EXPORT_NOTE =
  ' With `format=csv` or `format=xlsx` the same report is a download (CSV: UTF-8 with BOM, `;`-separated, ' +
  'Romanian headers, amounts as 1250,00).';

/** The money reports (issue 13; decision 0025): /api/rapoarte/… */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: reports.ReportsDeps = { db: app.db, dialect: app.dialect, now: app.now };
  const tags = ['reports'];

  app.get(
    '/api/rapoarte/casa',
    {
      onRequest: guard(cashReportScope),
      schema: {
        tags,
        summary: 'The daily cash report: per payment method and user, opening and closing cash, the payments',
        description:
          'Admins and reception see every payment (optionally one user’s); a doctor only the payments they ' +
          'took. In a clinic group `sediu` keeps the payments taken at that location (404 unknown). 400 ' +
          'invalid day or unknown user.' +
          EXPORT_NOTE,
        produces: FILE_TYPES,
        querystring: cashReportQuery,
        response: { 200: cashReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await reports.cashReport(deps, scopeOf(request, cashReportScope), request.query);
      return send(reply, report, request.query.format, cashTable);
    },
  );

  app.get(
    '/api/rapoarte/venituri',
    {
      onRequest: guard(reportScope),
      schema: {
        tags,
        summary: 'Monthly revenue per location and doctor: charges net of reversals, payments allocated',
        description: 'A doctor sees only their own figures.' + EXPORT_NOTE,
        produces: FILE_TYPES,
        querystring: monthReportQuery,
        response: { 200: revenueReport, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const report = await reports.revenueReport(deps, scopeOf(request, reportScope), request.query.luna);
      return send(reply, report, request.query.format, revenueTable);
    },
  );

  app.get(
    '/api/rapoarte/creante',
    {
      onRequest: guard(reportScope),
      schema: {
        tags,
        summary: 'Accounts receivable: patients with a balance to pay, the oldest open charge first, paged',
        description:
          'A doctor sees the patients with open charges of theirs, and only those charges’ open amounts. ' +
          'In a clinic group `sediu` keeps what is open of the charges made at that location, per patient ' +
          '(charges from before the clinic had locations count at the first one; an unallocated advance is ' +
          'not subtracted); 404 for an unknown location (a closed one is reported), 400 for a doctor. ' +
          'The export holds every row.' +
          EXPORT_NOTE,
        produces: FILE_TYPES,
        querystring: receivablesQuery,
        response: { 200: receivablesReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request, reportScope);
      const { format, page, sediu } = request.query;
      const report = await reports.receivablesReport(deps, scope, { page: format ? null : page, sediu });
      return send(reply, report, format, receivablesTable);
    },
  );

  app.get(
    '/api/rapoarte/planuri',
    {
      onRequest: guard(reportScope),
      schema: {
        tags,
        summary: 'Treatment plans accepted vs done, per month and doctor',
        description:
          'Accepted: plans signed in the month (count, the signed alternative’s total). Done: the charges of ' +
          'plan items in the month, net of reversals. At most 24 months. A doctor sees only their own plans. ' +
          'In a clinic group `sediu` keeps the plans accepted at that location and the plan items charged ' +
          'there (plans and charges from before the clinic had locations count at the first one); 404 for an ' +
          'unknown location (a closed one is reported).' +
          EXPORT_NOTE,
        produces: FILE_TYPES,
        querystring: plansReportQuery,
        response: { 200: plansReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await reports.plansReport(deps, scopeOf(request, reportScope), request.query);
      return send(reply, report, request.query.format, plansTable);
    },
  );

  app.get(
    '/api/rapoarte/comisioane',
    {
      onRequest: guard(reportScope),
      schema: {
        tags,
        summary: 'Doctor commissions of a month: per doctor, with the allocations behind them',
        description:
          'From the commission recorded on each allocation (rates: /api/cont-setari/comisioane). In a clinic ' +
          'group `sediu` keeps the allocations to the charges made at that location (charges from before ' +
          'the clinic had locations count at the first one); 404 for an unknown location (a closed one is reported).' +
          EXPORT_NOTE,
        produces: FILE_TYPES,
        querystring: commissionsReportQuery,
        response: { 200: commissionsReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const report = await reports.commissionsReport(deps, scopeOf(request, reportScope), request.query);
      return send(reply, report, request.query.format, commissionsTable);
    },
  );
};
