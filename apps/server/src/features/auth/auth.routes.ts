import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordParams,
  loginRequest,
  loginResponse,
  newPasswordRequest,
  okResponse,
  sessionResponse,
  setupRequest,
  setupStatusResponse,
} from '@odonto/domain/contracts/auth';
import { loginAnswer } from '@odonto/domain/contracts/two-factor';
import { currentUser } from '../../plugins/auth';
import { clientOf, errorResponses } from '../../plugins/responses';
import { clearSessionCookie, setSessionCookie } from '../../plugins/sessions';
import { createSecretBox, loadSecretKey, type SecretBox } from '../efactura/secret-box';
import { login, logout, needsSetup, setupFirstAdmin } from './auth.service';
import { requestPasswordReset, saveNewPassword } from './password.service';
import { openSecondStep } from './two-factor-sign-in.service';
import { registerTwoFactorRoutes, setChallengeCookie } from './two-factor.routes';
import type { TwoFactorDeps } from './two-factor.service';

const FIFTEEN_MINUTES = 15 * 60_000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  let box: Promise<SecretBox> | null = null;
  const deps: TwoFactorDeps = {
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    // The secrets-at-rest key is read (or created) when a TOTP key is first sealed or opened.
    secrets: () => {
      box ??= loadSecretKey(app.config.secretKey, app.config.dataDir).then(createSecretBox);
      box.catch(() => {
        box = null;
      });
      return box;
    },
  };
  const tags = ['auth'];

  app.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in; sets the odonto_session cookie (a new session each time)',
        description:
          'With TOTP on, or required by the clinic for one of the roles, no session opens yet: the answer ' +
          "is `{twoFactor: 'code'}` or `{twoFactor: 'setup', setup}` with the short-lived `odonto_2fa` " +
          'cookie, and POST /api/login/two-factor or …/two-factor/setup completes the sign-in.',
        body: loginRequest,
        response: { 200: loginAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      const outcome = await login(deps, request.body, client, request.sessionId, (user) =>
        openSecondStep(deps, user, client),
      );
      if ('pending' in outcome) {
        const { token, expiresAt, answer } = outcome.pending;
        setChallengeCookie(reply, token, expiresAt, app.config);
        void reply.header('cache-control', 'no-store');
        return answer;
      }
      const { user, session } = outcome;
      setSessionCookie(reply, session.token, session.expiresAt, app.config);
      return { name: user.nume, roles: user.roles };
    },
  );

  app.get(
    '/api/check-login',
    {
      schema: {
        tags,
        summary: 'The signed-in user; 204 when nobody is',
        description:
          'Asking who is signed in is not an error when nobody is (issue 19): no session, or an expired ' +
          'one, answers 204 with no body instead of 401, so a signed-out page load logs no failed request.',
        // The session is optional: without one the answer is 204.
        security: [{}, { session: [] }],
        response: { 200: sessionResponse, 204: z.null().describe('Nobody is signed in') },
      },
    },
    async (request, reply) => {
      if (!request.user) return reply.code(204).send(null);
      const user = currentUser(request);
      return {
        userCtx: { name: user.nume, roles: user.roles },
        user: {
          _id: user.id,
          nume: user.nume,
          functie: user.functie,
          email: user.email,
          telefon: user.telefon,
        },
      };
    },
  );

  app.delete(
    '/api/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the session',
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const session =
        request.user && request.sessionId ? { id: request.sessionId, user: request.user } : null;
      await logout(deps, session, clientOf(request));
      clearSessionCookie(reply, app.config);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/forgot-pass/:email',
    {
      schema: {
        tags,
        summary: 'Mails a single-use password reset link (valid 60 minutes)',
        description:
          'An unknown or deactivated address answers 404 `email inexistent.` alike. At most 10 requests ' +
          'per client address (any e-mails) and 5 per e-mail (any address) in 15 minutes: 429 with ' +
          'Retry-After.',
        params: forgotPasswordParams,
        response: { 200: okResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.params.email, clientOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/save-new-pass',
    {
      config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
      schema: {
        tags,
        summary: 'Sets a new password with a reset or invitation token; ends all sessions of the account',
        body: newPasswordRequest,
        response: { 200: okResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      await saveNewPassword(deps, request.body, clientOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/setup',
    {
      schema: {
        tags,
        summary: 'Whether the first admin still has to be created',
        response: { 200: setupStatusResponse },
      },
    },
    async () => ({ needsSetup: await needsSetup(deps) }),
  );

  app.post(
    '/api/setup',
    {
      schema: {
        tags,
        summary: 'First run: creates the first admin and signs them in (only while no user exists)',
        body: setupRequest,
        response: { 201: loginResponse, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const { nume, email, password } = request.body;
      const { user, session } = await setupFirstAdmin(deps, { nume, email, password }, clientOf(request));
      setSessionCookie(reply, session.token, session.expiresAt, app.config);
      return reply.code(201).send({ name: user.nume, roles: user.roles });
    },
  );

  registerTwoFactorRoutes(app, deps);
};
