import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@odonto/domain/contracts/auth';
import { publicReviewInfo, publicReviewInput, reviewTokenParams } from '@odonto/domain/contracts/reviews';
import { errorResponses } from '../../plugins/responses';
import * as publicReview from './public-review.service';
import { clinicNameOf } from './reviews.routes';

const TEN_MINUTES = 10 * 60_000;

/**
 * The public review page's calls (no sign-in): a patient with a link sees whom the review is about and
 * gives it once. Both are rate-limited per address, so nobody can try links or post in bulk.
 */
export const publicReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, now: app.now, clinicName: clinicNameOf(app) };
  const tags = ['reviews'];

  app.get(
    '/api/public/review/:token',
    {
      config: { rateLimit: { max: 60, timeWindow: TEN_MINUTES } },
      schema: {
        tags,
        summary: 'Public: the clinic, the doctor and the patient’s first name of a review link',
        description: '404 for an unknown link, 410 for one already used or expired (14 days).',
        params: reviewTokenParams,
        response: { 200: publicReviewInfo, ...errorResponses(404, 410, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return publicReview.publicReviewInfo(deps, request.params.token);
    },
  );

  app.post(
    '/api/public/review/:token',
    {
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
      schema: {
        tags,
        summary: 'Public: gives the review (1–5 stars and a comment); the link then stops working',
        description: '404 for an unknown link, 410 for one already used or expired.',
        params: reviewTokenParams,
        body: publicReviewInput,
        response: { 201: okResponse, ...errorResponses(400, 403, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      await publicReview.submitPublicReview(deps, request.params.token, request.body, request.ip);
      return reply.code(201).send({ ok: true as const });
    },
  );
};
