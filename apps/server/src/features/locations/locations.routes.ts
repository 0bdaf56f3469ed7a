import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationsAnswer } from '@odonto/domain/contracts/locations';
import { requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { listLocations } from './locations.service';

/** A clinic group's locations and chairs (issue 14, decision 0050). */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['locations'];
  const deps = { db: app.db, now: app.now };

  app.get(
    '/api/locations',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Every location with its chairs, and the ones the signed-in user works at',
        description:
          'Closed locations and chairs are listed too (`archived`), so old appointments keep their place. ' +
          '`mine` is empty when the user works at every location.',
        response: { 200: locationsAnswer, ...errorResponses(401) },
      },
    },
    async (request) => listLocations(deps, request.user?.id ?? ''),
  );
};
