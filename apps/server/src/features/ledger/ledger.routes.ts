import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResponse,
  chargeResponse,
  commissionRateRequest,
  ledgerSettings,
  manualChargeRequest,
  paymentRequest,
  paymentResponse,
  receiptResponse,
  receiptSeriesRequest,
  refundRequest,
  reversalRequest,
} from '@odonto/domain/contracts/ledger';
import { actorOf, audit } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { addCommissionRate, readSettings, saveReceiptSeries } from './ledger-settings.service';
import {
  addManualCharge,
  readAccount,
  readReceipt,
  refund,
  reverseCharge,
  reversePayment,
  takePayment,
  type LedgerDeps,
} from './ledger.service';

const key = z.string().min(1).max(100);
const patientParams = z.strictObject({ patientId: key });
const paymentParams = z.strictObject({ patientId: key, paymentId: key });
const chargeParams = z.strictObject({ patientId: key, chargeId: key });

/** The patient's account: charges, payments, reversals, refunds, receipts; the account settings (issue 13). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LedgerDeps = { db: app.db, now: app.now };
  const tags = ['ledger'];
  const read = requirePermission('read:payments');
  const write = requirePermission('write:payments');
  const manage = requirePermission('manage:settings');

  app.get(
    '/api/cont/:patientId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The patient's account: charges, payments, allocations, running balance and `Sold`",
        description:
          'Rows oldest first; each charge and payment carries the balance after it (positive: owed). Writes ' +
          'a `patient_account_view` audit row.',
        params: patientParams,
        response: { 200: accountResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const account = await readAccount(deps, request.params.patientId);
      const patientId = request.params.patientId;
      await audit(request, {
        action: 'patient_account_view',
        entity: 'patient',
        entityId: patientId,
        patientId,
      });
      return account;
    },
  );

  app.post(
    '/api/cont/:patientId/plati',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Takes a payment: settles the picked (or the oldest open) charges, the rest is an advance',
        description:
          'An advance (`isAdvance`) settles nothing. Cash takes the next receipt number of the series, without ' +
          'gaps. `sediuId` is where the money is taken (a clinic group); left out, the cashier’s first open ' +
          'location, else the clinic’s first. 400 invalid amount or a picked charge that is not open, 404 ' +
          'unknown patient, 422 a `sediuId` that is unknown, closed or not one the user works at.',
        params: patientParams,
        body: paymentRequest,
        response: { 201: paymentResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const answer = await takePayment(deps, actorOf(request), request.params.patientId, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/cont/:patientId/plati/:paymentId/storno',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Reverses a payment with a reason: a negative payment and negative allocations',
        description: '409 when the payment is already reversed, or is itself a reversal or a refund.',
        params: paymentParams,
        body: reversalRequest,
        response: { 201: paymentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { patientId, paymentId } = request.params;
      const answer = await reversePayment(deps, actorOf(request), patientId, paymentId, request.body.reason);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/cont/:patientId/rambursare',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Refunds part or all of the advance held: a negative payment with a reason',
        description:
          '`sediuId` is where the money is given back, as for a payment. 409 when the patient holds no ' +
          'advance or the amount is above it; 422 a `sediuId` that is unknown, closed or not the user’s.',
        params: patientParams,
        body: refundRequest,
        response: { 201: paymentResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const answer = await refund(deps, actorOf(request), request.params.patientId, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/cont/:patientId/taxe',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'A manual charge for a price-list item, at its price on the day times the quantity',
        description:
          '400 no price on that day, a future day or an unknown doctor; 404 unknown item or patient.',
        params: patientParams,
        body: manualChargeRequest,
        response: { 201: chargeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const answer = await addManualCharge(deps, actorOf(request), request.params.patientId, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/cont/:patientId/taxe/:chargeId/storno',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Reverses a charge with a reason; what payments settled of it becomes an advance',
        description: '409 when the charge is already reversed or is itself a reversal.',
        params: chargeParams,
        body: reversalRequest,
        response: { 201: chargeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { patientId, chargeId } = request.params;
      const answer = await reverseCharge(deps, actorOf(request), patientId, chargeId, request.body.reason);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/cont/:patientId/chitanta/:paymentId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The receipt (chitanță) of a cash payment, to print: series, number, amount in words',
        description:
          'In a clinic group it names the location where the money was taken. Writes a `receipt_print` ' +
          'audit row. 404 unknown payment, or a payment that is not cash.',
        params: paymentParams,
        response: { 200: receiptResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { patientId, paymentId } = request.params;
      return readReceipt(deps, actorOf(request), patientId, paymentId);
    },
  );

  app.get(
    '/api/cont-setari',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'The account settings: receipt series and doctor commission rates (admin)',
        response: { 200: ledgerSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readSettings(deps.db),
  );

  app.put(
    '/api/cont-setari/serie',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Sets the series of the next cash receipts (admin)',
        description: '409 when `version` is stale.',
        body: receiptSeriesRequest,
        response: { 200: ledgerSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => saveReceiptSeries(deps, actorOf(request), request.body),
  );

  app.post(
    '/api/cont-setari/comisioane',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Adds a doctor's commission rate from a day on: general, or for one price-list item (admin)",
        description: 'Rates are never rewritten: a later rate takes over. 409 the same doctor, item and day.',
        body: commissionRateRequest,
        response: { 201: ledgerSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addCommissionRate(deps, actorOf(request), request.body)),
  );
};
