import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { printResponse } from '@odonto/domain/contracts/letters';
import {
  createPlanRequest,
  openPlanItems as openPlanItemsAnswer,
  plan,
  planList,
  rejectPlanRequest,
  updatePlanRequest,
} from '@odonto/domain/contracts/plans';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import {
  createPlan,
  listPlans,
  openPlanItems,
  recordPlanPrint,
  rejectPlan,
  updatePlan,
  viewPlan,
  type PlansDeps,
} from './plans.service';

const patientParams = z.strictObject({ patientId: z.string().min(1).max(100) });
const planParams = z.strictObject({ planId: z.string().min(1).max(100) });

/** Treatment plans (issue 12; /work plans-api; docs/decisions/0021). Acceptance is a signature (kind 'plan'). */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PlansDeps = { db: app.db, now: app.now };
  const tags = ['plans'];
  const read = requirePermission('read:plan');
  const write = requirePermission('write:plan');

  app.get(
    '/api/plans/:patientId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The patient's treatment plans, newest first, without their items",
        description:
          '`status` is the one shown today (a proposal past its validity is `expirat`). 404 patient.',
        params: patientParams,
        response: { 200: planList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listPlans(deps, request.params.patientId),
  );

  app.post(
    '/api/plans/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Creates a treatment plan (status propus), priced from the price list of today',
        description:
          'The server fills each price-list item’s `listPriceBani` and `vatRateBp` from the price list on the ' +
          'plan’s day (`priceDay`, kept for the plan’s life); a unit price that differs needs `priceReason`. ' +
          '400 bad content, validity before today, unknown doctor or price-list item; 404 patient.',
        params: patientParams,
        body: createPlanRequest,
        response: { 201: plan, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPlan(deps, actorOf(request), request.params.patientId, request.body)),
  );

  app.get(
    '/api/plans/:patientId/open-items',
    {
      onRequest: read,
      schema: {
        tags,
        summary:
          'The not-done items of the accepted alternatives of the patient’s plans in acceptat / în lucru',
        description: 'What the treatment modal offers as "din plan". 404 patient.',
        params: patientParams,
        response: { 200: openPlanItemsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => openPlanItems(deps, request.params.patientId),
  );

  app.get(
    '/api/plan/:planId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'A treatment plan with totals, acceptance (does the signature still match) and progress',
        description: 'Writes a `plan_view` audit row. 404 unknown plan.',
        params: planParams,
        response: { 200: plan, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => viewPlan(deps, actorOf(request), request.params.planId),
  );

  app.put(
    '/api/plan/:planId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Saves a new revision of the plan’s content',
        description:
          'Items kept keep their list prices (read once, on the plan’s day). An accepted plan stays accepted; ' +
          'its signature stays bound to the signed revision (`acceptance.matches` false). 400 bad content; ' +
          '404; 409 stale `version`, plan finalizat or respins, accepted alternative or a done item removed.',
        params: planParams,
        body: updatePlanRequest,
        response: { 200: plan, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePlan(deps, actorOf(request), request.params.planId, request.body),
  );

  app.post(
    '/api/plan/:planId/reject',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Records that the patient declined the plan (status respins)',
        description: '404; 409 stale `version` or the plan is not propus.',
        params: planParams,
        body: rejectPlanRequest,
        response: { 200: plan, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rejectPlan(deps, actorOf(request), request.params.planId, request.body),
  );

  app.post(
    '/api/plan/:planId/print',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Records (audit plan_print) that the plan is printed; answers the print time',
        params: planParams,
        response: { 200: printResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => recordPlanPrint(deps, actorOf(request), request.params.planId),
  );
};
