import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endedSessions, sessionList } from '@odonto/domain/contracts/sessions';
import { actorOf } from '../../plugins/audit';
import { currentUser, requireUser } from '../../plugins/auth';
import { clearSessionCookie } from '../../plugins/sessions';
import { errorResponses } from '../../plugins/responses';
import {
  endOtherSessions,
  endSession,
  listSessions,
  type Owner,
  type SessionsDeps,
} from './sessions.service';

const sessionParams = z.strictObject({ id: z.string().min(1).max(100) });

function ownerOf(request: FastifyRequest): Owner {
  return { userId: currentUser(request).id, currentSessionId: request.sessionId ?? '' };
}

/** A user's own sessions (issue 16): see where they are signed in, end any or all others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SessionsDeps = { db: app.db, now: app.now, sessionIdleMinutes: app.config.sessionIdleMinutes };
  const tags = ['sessions'];
  const security = [{ session: [] }];

  app.get(
    '/api/sesiuni',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in user's open sessions: browser and system, address, started, last used",
        response: { 200: sessionList, ...errorResponses(401) },
      },
    },
    async (request) => listSessions(deps, ownerOf(request)),
  );

  app.delete(
    '/api/sesiuni/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "Ends one of the user's sessions; ending the current one signs out",
        description: '404 for a session that is not the user’s or has ended.',
        params: sessionParams,
        response: { 200: endedSessions, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const answer = await endSession(deps, actorOf(request), owner, request.params.id);
      if (request.params.id === owner.currentSessionId) clearSessionCookie(reply, app.config);
      return answer;
    },
  );

  app.delete(
    '/api/sesiuni',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Ends every other session of the user; the current one stays',
        response: { 200: endedSessions, ...errorResponses(401) },
      },
    },
    async (request) => endOtherSessions(deps, actorOf(request), ownerOf(request)),
  );
};
