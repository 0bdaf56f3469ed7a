import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_MESSAGES,
  invoice,
  invoiceEmailRequest,
  invoiceEmailResponse,
  invoiceListQuery,
  invoiceListResponse,
  invoiceSettings,
  invoiceSettingsUpdate,
  issueInvoiceRequest,
  patientInvoicesResponse,
  stornoRequest,
} from '@odonto/domain/contracts/invoices';
import { actorOf, audit } from '../../plugins/audit';
import { currentUser, requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { clinicName } from '../clinic/clinic.service';
import { emailInvoice, invoiceAnswer, invoicePdf, invoiceXml, monthZip } from './invoice-files.service';
import { readInvoiceSettingsAnswer, saveInvoiceSettings } from './invoice-settings.service';
import {
  issueInvoice,
  listInvoicesFor,
  medicScope,
  patientInvoices,
  readInvoice,
  stornoInvoice,
  type InvoicesDeps,
} from './invoices.service';

const key = z.string().min(1).max(100);
const idParams = z.strictObject({ id: key });
const monthQuery = z.strictObject({
  luna: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, INVOICE_MESSAGES.month),
});

function download(name: string, type: string) {
  return {
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'private, no-store',
  };
}

/** Invoices and credit notes, their XML, ANAF answers, PDF and e-mail, and the series (issue 13). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: InvoicesDeps = { db: app.db, now: app.now };
  const files = { ...deps, blobs: app.blobs };
  const tags = ['invoices'];
  const read = requirePermission('read:invoices');
  const scopeOf = (request: Parameters<typeof currentUser>[0]) => medicScope(currentUser(request));

  app.get(
    '/api/facturi',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Invoices and credit notes, newest first; filters: month, series, e-Factura state, patient',
        description: "A doctor sees only their own patients' documents.",
        querystring: invoiceListQuery,
        response: { 200: invoiceListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listInvoicesFor(app.db, request.query, scopeOf(request)),
  );

  app.get(
    '/api/facturi/export',
    {
      onRequest: requirePermission('manage:efactura'),
      schema: {
        tags,
        summary: "One ZIP of a month's e-Factura XMLs and ANAF answers (admin)",
        querystring: monthQuery,
      },
    },
    async (request, reply) => {
      const zip = await monthZip(files, request.query.luna);
      await audit(request, {
        action: 'invoice_export',
        entity: 'invoice',
        details: { luna: request.query.luna },
      });
      return reply.headers(download(zip.name, 'application/zip')).send(zip.data);
    },
  );

  app.get(
    '/api/facturi/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'An invoice or credit note with its lines, totals and e-Factura state',
        description: "404 unknown, or a doctor asking for another doctor's patient's document.",
        params: idParams,
        response: { 200: invoice, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readInvoice(app.db, request.params.id, scopeOf(request)),
  );

  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/facturi/:id',
      onRequest: read,
      schema: {
        tags,
        summary: 'Refused: an issued invoice is never edited or deleted (409); a credit note reverses it',
        params: idParams,
        response: { ...errorResponses(401, 403, 409) },
      },
      handler: async () => {
        throw new AppError(409, 'conflict', INVOICE_MESSAGES.immutable);
      },
    });
  }

  app.post(
    '/api/facturi',
    {
      onRequest: requirePermission('issue:invoice'),
      schema: {
        tags,
        summary: "Issues an invoice for picked charges of a patient's account",
        description:
          'Numbered from the invoice series without gaps, its UBL XML queued for RO e-Factura in the same ' +
          'transaction. 400 invalid CNP/CUI, incomplete clinic details, an unknown or reversed charge; 404 ' +
          'unknown patient; 409 a charge already invoiced.',
        body: issueInvoiceRequest,
        response: { 201: invoice, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await issueInvoice(deps, actorOf(request), request.body)),
  );

  app.post(
    '/api/facturi/:id/storno',
    {
      onRequest: requirePermission('storno:invoice'),
      schema: {
        tags,
        summary:
          'Issues the credit note reversing the whole invoice (admin); its charges can be invoiced again',
        description: '409 when the invoice is already reversed or is itself a credit note.',
        params: idParams,
        body: stornoRequest,
        response: { 201: invoice, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await stornoInvoice(deps, actorOf(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/api/facturi/:id/xml',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The UBL 2.1 (CIUS-RO) XML as issued',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { name, xml } = await invoiceXml(app.db, request.params.id, scopeOf(request));
      return reply.headers(download(name, 'application/xml; charset=utf-8')).send(xml);
    },
  );

  app.get(
    '/api/facturi/:id/raspuns',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "ANAF's signed answer ZIP (ok or nok); 404 until it is received",
        params: idParams,
      },
    },
    async (request, reply) => {
      const answer = await invoiceAnswer(files, request.params.id, scopeOf(request));
      return reply.headers(download(answer.name, 'application/zip')).send(answer.data);
    },
  );

  app.get(
    '/api/facturi/:id/pdf',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The invoice as an A4 PDF',
        params: idParams,
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(app.db, request.params.id, scopeOf(request));
      return reply.headers({ ...download(pdf.name, 'application/pdf') }).send(pdf.data);
    },
  );

  app.post(
    '/api/facturi/:id/email',
    {
      onRequest: requirePermission('issue:invoice'),
      schema: {
        tags,
        summary: 'Sends the invoice PDF by e-mail through the mail outbox',
        params: idParams,
        body: invoiceEmailRequest,
        response: { 200: invoiceEmailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      emailInvoice(
        { ...deps, mailer: app.mailer },
        actorOf(request),
        request.params.id,
        request.body.to,
        await clinicName(app.db, app.config.clinicName),
      ),
  );

  app.get(
    '/api/pacienti/:id/facturi',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A patient's invoices, the charges still to invoice and the buyer to propose",
        params: idParams,
        response: { 200: patientInvoicesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => patientInvoices(app.db, request.params.id, scopeOf(request)),
  );

  app.get(
    '/api/facturi-setari',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The invoice and credit-note series, where they start and their next numbers',
        response: { 200: invoiceSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readInvoiceSettingsAnswer(app.db),
  );

  app.put(
    '/api/facturi-setari',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        summary:
          "Sets the series (admin), the clinic's and each location's own; a used series keeps its numbering",
        description:
          'A location with series of its own numbers its invoices (and the credit notes of its invoices) from ' +
          "them; `locations` not sent keeps the locations' series. A series shared by the clinic or several " +
          'locations is one numbering. 409 for a stale version or a new start of a series already in use; ' +
          '422 for an unknown location or one series given two different starts.',
        body: invoiceSettingsUpdate,
        response: { 200: invoiceSettings, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => saveInvoiceSettings(deps, actorOf(request), request.body),
  );
};
