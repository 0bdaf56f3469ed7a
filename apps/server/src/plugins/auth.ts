import type { FastifyRequest } from 'fastify';
import { can, type Permission } from '@odonto/domain/roles';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { AppError } from './errors';
import { createSessionCache } from './session-changes';
import { clearSessionCookie, resolveSession, SESSION_COOKIE, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved for /api/* and /history-imgs/* requests. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/**
 * Reads the session cookie of API and image requests and puts the user on the request. The session is
 * checked on every request, from this instance's session cache when it holds it (decision 0066).
 */
export async function registerAuth(app: App): Promise<void> {
  const cache = await createSessionCache(app);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/history-imgs/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(app.db, token, app.now(), app.config, cache);
    if (!session) {
      clearSessionCookie(reply, app.config);
      return;
    }
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
}

type RouteHook = (request: FastifyRequest) => Promise<void>;
const signedInHooks = new WeakSet<RouteHook>();

/**
 * Marks a route hook as one that lets only signed-in users through, so the OpenAPI document says the
 * route needs the session cookie (plugins/openapi-operations.ts).
 */
export function signedInHook<T extends RouteHook>(hook: T): T {
  signedInHooks.add(hook);
  return hook;
}

export function isSignedInHook(hook: unknown): boolean {
  return typeof hook === 'function' && signedInHooks.has(hook as RouteHook);
}

/** Route hook: 401 unless signed in. */
export const requireUser = signedInHook(async (request: FastifyRequest): Promise<void> => {
  currentUser(request);
});

/** Route hook factory: 401 unless signed in, 403 unless one of the user's roles grants `permission`. */
export function requirePermission(permission: Permission): RouteHook {
  return requireAnyPermission(permission);
}

/** Route hook factory: 401 unless signed in, 403 unless one of the permissions is granted. */
export function requireAnyPermission(...permissions: Permission[]): RouteHook {
  return signedInHook(async (request) => {
    const user = currentUser(request);
    if (!permissions.some((permission) => can(user.roles, permission)))
      throw new AppError(403, 'forbidden', MESSAGES.forbidden);
  });
}

/** The signed-in user of a guarded route (throws 401 when there is none). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'unauthenticated', MESSAGES.unauthenticated);
  return request.user;
}
