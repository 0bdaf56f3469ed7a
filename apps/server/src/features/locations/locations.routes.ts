import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chairInput,
  locationInput,
  locationParams,
  locationsAnswer,
  locationUpdate,
  moveInput,
  userLocationsAnswer,
  userLocationsInput,
} from '@odonto/domain/contracts/locations';
import { actorOf } from '../../plugins/audit';
import { requirePermission, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { createChair, moveChair, renameChair, setChairOpen } from './chairs.service';
import {
  createLocation,
  listLocations,
  moveLocation,
  setLocationOpen,
  updateLocation,
} from './locations.service';
import { setUserLocations } from './user-locations.service';

/**
 * A clinic group's locations and chairs (issue 14, decision 0050): everyone signed in reads them, admins
 * (manage:settings) change them. Every change answers the whole list, as GET does.
 */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['locations'];
  const deps = { db: app.db, now: app.now };
  const manage = requirePermission('manage:settings');

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

  app.post(
    '/api/locations',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Adds a location at the end of the order (admin)',
        description: '409 when an open location already has the name (any case).',
        body: locationInput,
        response: { 201: locationsAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLocation(deps, actorOf(request), request.body)),
  );

  app.put(
    '/api/locations/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Changes a location’s name, address, phone and hours (admin)',
        description: '409 when `version` is stale or the name is taken by another open location.',
        params: locationParams,
        body: locationUpdate,
        response: { 200: locationsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateLocation(deps, actorOf(request), request.params.id, request.body),
  );

  for (const [action, open] of [
    ['archive', false],
    ['reopen', true],
  ] as const) {
    app.post(
      `/api/locations/:id/${action}`,
      {
        onRequest: manage,
        schema: {
          tags,
          summary: open
            ? 'Reopens a closed location (admin)'
            : 'Closes a location; it is never deleted (admin)',
          description: open
            ? '409 when another open location has taken its name meanwhile.'
            : '409 when it is the last open location. Its appointments keep pointing at it.',
          params: locationParams,
          response: { 200: locationsAnswer, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => setLocationOpen(deps, actorOf(request), request.params.id, open),
    );
    app.post(
      `/api/chairs/:id/${action}`,
      {
        onRequest: manage,
        schema: {
          tags,
          summary: open ? 'Reopens a closed chair (admin)' : 'Closes a chair; it is never deleted (admin)',
          description: open ? '409 when another open chair of its location has taken its name.' : undefined,
          params: locationParams,
          response: { 200: locationsAnswer, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => setChairOpen(deps, actorOf(request), request.params.id, open),
    );
  }

  app.post(
    '/api/locations/:id/move',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Moves a location one place up or down in the order (admin)',
        description: 'At either end nothing changes. Positions stay 1, 2, … without gaps.',
        params: locationParams,
        body: moveInput,
        response: { 200: locationsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => moveLocation(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/locations/:id/chairs',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Adds a chair at the end of the location’s chairs (admin)',
        description: '409 when an open chair of the location already has the name (any case).',
        params: locationParams,
        body: chairInput,
        response: { 201: locationsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createChair(deps, actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/chairs/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Renames a chair (admin)',
        description: '409 when another open chair of its location has the name.',
        params: locationParams,
        body: chairInput,
        response: { 200: locationsAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => renameChair(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/chairs/:id/move',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Moves a chair one place up or down among its location’s chairs (admin)',
        params: locationParams,
        body: moveInput,
        response: { 200: locationsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => moveChair(deps, actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/users/:id/locations',
    {
      onRequest: requirePermission('manage:users'),
      schema: {
        tags,
        summary: 'Sets the locations a staff member works at (admin); empty: every location',
        description: '422 when one of them is unknown or closed; 404 for an unknown user.',
        params: locationParams,
        body: userLocationsInput,
        response: { 200: userLocationsAnswer, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => setUserLocations(deps, actorOf(request), request.params.id, request.body.locationIds),
  );
};
