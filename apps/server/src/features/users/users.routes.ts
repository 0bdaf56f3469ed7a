import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@odonto/domain/contracts/auth';
import { endedSessions } from '@odonto/domain/contracts/sessions';
import {
  deleteUserParams,
  deleteUserResponse,
  user,
  userForm,
  userIdParams,
  userListRequest,
  userListResponse,
  userUpdate,
} from '@odonto/domain/contracts/users';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { resendInvitation, type UsersDeps } from './invitation.service';
import { createUser, deleteUser, endUserSessions, listUsersPage, updateUser } from './users.service';

/** The staff accounts (SPEC.md §7): admins only (manage:users). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: UsersDeps = {
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    publicUrl: app.config.publicUrl,
    clinicName: app.config.clinicName,
    mailer: app.mailer,
    log: app.log,
  };
  const tags = ['users'];
  const onRequest = requirePermission('manage:users');
  const security = [{ session: [] }];

  app.post(
    '/api/get-utilizatori',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One page of 10 users by name (page index from 0); isNextPage is false on the last page',
        body: userListRequest,
        response: { 200: userListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsersPage(deps, request.body.page),
  );

  app.post(
    '/api/save-utilizator',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Creates an account without a password and mails its invitation (a set-password link, 72 h)',
        description:
          'An email that already has an account answers 409 with `fields.email`. In a clinic group ' +
          '`locationIds` are saved with the account (422 with `fields.locationIds` for an unknown or closed ' +
          'location; nothing is saved then).',
        body: userForm,
        response: { 201: user, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(deps, actorOf(request), request.body)),
  );

  app.post(
    '/api/update-utilizator/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Saves the user form; deactivating ends the account’s sessions at once',
        description:
          '409: a stale `version`, an email of another account (`fields.email`), demoting or deactivating ' +
          'oneself, or removing the last active admin (`fields.roles` / `fields.active`). `locationIds`, when ' +
          'sent, replace where the user works in the same transaction (422 with `fields.locationIds` for an ' +
          'unknown or closed location).',
        params: userIdParams,
        body: userUpdate,
        response: { 200: user, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateUser(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/resend-invitation/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mails a new invitation link; the earlier unused ones stop working',
        description: '409 when the account is deactivated or has already chosen its password.',
        params: userIdParams,
        response: { 200: okResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await resendInvitation(deps, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/delete-user/:email/:userId',
    {
      onRequest,
      config: { csrf: true },
      schema: {
        tags,
        security,
        summary: 'Deletes the account (email and id must name the same user); needs X-Requested-With: odonto',
        description: '409 for one’s own account and for the last active admin.',
        params: deleteUserParams,
        response: { 200: deleteUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteUser(deps, actorOf(request), request.params.email, request.params.userId),
  );

  app.post(
    '/api/utilizatori/:id/inchide-sesiuni',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Ends every session of the user (signs them out on every device); answers how many',
        params: userIdParams,
        response: { 200: endedSessions, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => endUserSessions(deps, actorOf(request), request.params.id),
  );
};
