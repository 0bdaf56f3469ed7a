import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewDoctorsResponse,
  reviewFilterQuery,
  reviewListQuery,
  reviewListResponse,
  reviewRequest,
  reviewRequestInput,
  reviewRequestsQuery,
  reviewRequestsResponse,
  reviewSettings,
  reviewStatsResponse,
} from '@odonto/domain/contracts/reviews';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import type { App } from '../../app-types';
import { clinicName } from '../clinic/clinic.service';
import { createAutoRequestJob } from './auto-requests';
import { listPatientRequests, sendReviewRequest, type ReviewsDeps } from './review-requests.service';
import {
  listReviews,
  readReviewSettings,
  reviewDoctors,
  reviewStats,
  saveReviewSettings,
} from './reviews.service';

/** How often the automatic sending looks for appointments that ended. */
const AUTO_REQUEST_INTERVAL_MS = 5 * 60_000;

/**
 * The clinic's name in review messages and on the public page: the name an admin saved in the clinic's
 * details (`/api/clinic`, the letterhead's), or CLINIC_NAME until the details were first saved.
 */
export function clinicNameOf(app: App): () => Promise<string> {
  return () => clinicName(app.db, app.config.clinicName);
}

/** What sending review requests needs, from the app. */
export function reviewsDeps(app: App): ReviewsDeps {
  return {
    db: app.db,
    now: app.now,
    publicUrl: app.config.publicUrl,
    clinicName: clinicNameOf(app),
    mailer: app.mailer,
    log: app.log,
  };
}

/** The reviews screen's calls and the sending of review requests (issue 7). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = reviewsDeps(app);
  const job = createAutoRequestJob(deps, AUTO_REQUEST_INTERVAL_MS);
  // Only a listening server sends on its own (tests inject and run passes by hand); a second instance
  // that does not send SMS (OUTBOX_WORKER=false) does not send review requests either.
  app.addHook('onListen', async () => {
    if (app.config.outboxWorker.enabled) job.start();
  });
  app.addHook('onClose', async () => job.stop());

  const tags = ['reviews'];
  const security = [{ session: [] }];
  const onRequest = requirePermission('read:review');

  app.get(
    '/api/reviews',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One page of 20 reviews, newest first, filtered by doctor, rating (1–5 or low) and period',
        querystring: reviewListQuery,
        response: { 200: reviewListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return listReviews(app.db, filter, page);
    },
  );

  app.get(
    '/api/reviews/stats',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Average, count and distribution overall and per doctor, and the monthly averages',
        querystring: reviewFilterQuery,
        response: { 200: reviewStatsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reviewStats(app.db, request.query, app.now()),
  );

  app.get(
    '/api/reviews/doctors',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The doctors who have reviews, for the filter',
        response: { 200: reviewDoctorsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => reviewDoctors(app.db),
  );

  app.post(
    '/api/reviews/requests',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sends the patient of a past appointment a single-use review link by SMS or email',
        description:
          '404 for an unknown or deleted appointment; 409 when its time has not passed, the patient is ' +
          'blocked, a request was already sent for it, or the patient has no phone/email for the channel.',
        body: reviewRequestInput,
        response: { 201: reviewRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendReviewRequest(deps, actorOf(request), request.body)),
  );

  app.get(
    '/api/reviews/requests',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The review requests sent to a patient, newest first',
        querystring: reviewRequestsQuery,
        response: { 200: reviewRequestsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listPatientRequests(deps, request.query.patient),
  );

  app.get(
    '/api/reviews/settings',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Whether review requests go out automatically after appointments, and by which channel',
        response: { 200: reviewSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readReviewSettings(app.db),
  );

  app.put(
    '/api/reviews/settings',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        security,
        summary: 'Turns the automatic review requests on or off (admins)',
        body: reviewSettings,
        response: { 200: reviewSettings, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveReviewSettings(deps, actorOf(request), request.body),
  );
};
