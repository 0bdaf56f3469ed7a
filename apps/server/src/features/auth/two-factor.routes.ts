import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  disableTwoFactorRequest,
  recoveryCodesResponse,
  secondStepRequest,
  setupSignInResponse,
  totpCodeRequest,
  totpSetup,
  twoFactorPolicy,
  twoFactorPolicyUpdate,
  twoFactorStatus,
  userTwoFactor,
} from '@odonto/domain/contracts/two-factor';
import { loginResponse } from '@odonto/domain/contracts/auth';
import { userIdParams } from '@odonto/domain/contracts/users';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import { actorOf } from '../../plugins/audit';
import { currentUser, requirePermission, requireUser } from '../../plugins/auth';
import { clientOf, errorResponses } from '../../plugins/responses';
import { setSessionCookie } from '../../plugins/sessions';
import { completeSignInWithCode, completeSignInWithSetup } from './two-factor-sign-in.service';
import {
  beginProfileSetup,
  confirmTotpSetup,
  disableTwoFactor,
  isTotpEnabled,
  resetTwoFactor,
  twoFactorStatusOf,
  type TwoFactorDeps,
} from './two-factor.service';
import { readPolicy, savePolicy } from './two-factor-policy.service';

/** The second step's token: HttpOnly, sent only to the sign-in calls, gone after minutes. */
export const CHALLENGE_COOKIE = 'odonto_2fa';
const CHALLENGE_COOKIE_PATH = '/api/login';
const FIFTEEN_MINUTES = 15 * 60_000;
/** Per address, on top of each account's own lockout: a clinic's staff share one address. */
const SECOND_STEP_RATE_LIMIT = { max: 60, timeWindow: FIFTEEN_MINUTES };

export function setChallengeCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  config: Pick<Config, 'isHttps'>,
): void {
  void reply.setCookie(CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
    path: CHALLENGE_COOKIE_PATH,
    expires: expiresAt,
  });
}

function clearChallengeCookie(reply: FastifyReply, config: Pick<Config, 'isHttps'>): void {
  void reply.clearCookie(CHALLENGE_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
    path: CHALLENGE_COOKIE_PATH,
  });
}

/**
 * A new key and the recovery codes are shown once: no cache keeps them, nor the idempotency store (an
 * answer marked no-store is not kept there either).
 */
function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

const emptyBody = z.strictObject({});

/** Two-factor sign-in (issue 16, decision 0027): the second step, the profile's TOTP, the clinic's rule. */
export function registerTwoFactorRoutes(app: App, deps: TwoFactorDeps): void {
  const tags = ['auth'];

  app.post(
    '/api/login/two-factor',
    {
      config: { rateLimit: SECOND_STEP_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Second step of sign-in: a TOTP code or a recovery code; sets the session cookie',
        description:
          'Needs the `odonto_2fa` cookie POST /api/login set (5 minutes). 401 a wrong, replayed or used ' +
          'code, or no open second step; 429 after 5 wrong codes for the account in 15 minutes ' +
          '(Retry-After) or 60 calls from one address; 409 the key cannot be opened (a lost secret key: ' +
          'a recovery code still works).',
        body: secondStepRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await completeSignInWithCode(
        deps,
        request.cookies[CHALLENGE_COOKIE],
        request.body.code,
        clientOf(request),
        request.sessionId,
      );
      clearChallengeCookie(reply, app.config);
      setSessionCookie(reply, session.token, session.expiresAt, app.config);
      return { name: user.nume, roles: user.roles };
    },
  );

  app.post(
    '/api/login/two-factor/setup',
    {
      config: { rateLimit: SECOND_STEP_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Sign-in of an account the clinic requires TOTP of: the first code turns it on',
        description:
          'Needs the `odonto_2fa` cookie of a `twoFactor: setup` answer (15 minutes). Answers the ten ' +
          'recovery codes once and sets the session cookie. 401 a wrong code or no open setup; 429 as above.',
        body: totpCodeRequest,
        response: { 200: setupSignInResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, session, recoveryCodes } = await completeSignInWithSetup(
        deps,
        request.cookies[CHALLENGE_COOKIE],
        request.body.code,
        clientOf(request),
        request.sessionId,
      );
      clearChallengeCookie(reply, app.config);
      setSessionCookie(reply, session.token, session.expiresAt, app.config);
      noStore(reply);
      return { name: user.nume, roles: user.roles, recoveryCodes };
    },
  );

  app.get(
    '/api/profile/two-factor',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's two-factor sign-in: on or off, required by the clinic, codes left",
        security: [{ session: [] }],
        response: { 200: twoFactorStatus, ...errorResponses(401) },
      },
    },
    async (request) => twoFactorStatusOf(app.db, currentUser(request)),
  );

  app.post(
    '/api/profile/two-factor/setup',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Starts turning TOTP on: a new key (text and otpauth:// address for the QR code)',
        description: 'The key works only after POST …/confirm with a first code. 409 while TOTP is on.',
        security: [{ session: [] }],
        body: emptyBody,
        response: { 200: totpSetup, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return beginProfileSetup(deps, currentUser(request));
    },
  );

  app.post(
    '/api/profile/two-factor/confirm',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turns TOTP on with a first code; answers ten single-use recovery codes, once',
        description:
          '400 a wrong code (it counts towards the lockout), 409 no key waiting for confirmation, 429 locked.',
        security: [{ session: [] }],
        body: totpCodeRequest,
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await confirmTotpSetup(
        deps,
        currentUser(request),
        request.body.code,
        clientOf(request),
        { stage: 'profile', wrongStatus: 400 },
      );
      noStore(reply);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/profile/two-factor/disable',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turns TOTP off, with a current code, a recovery code or the password',
        description:
          '400 a wrong code or password (counted towards the lockout), 403 the clinic requires TOTP for ' +
          "the user's role, 409 TOTP is off, 429 locked.",
        security: [{ session: [] }],
        body: disableTwoFactorRequest,
        response: { 200: twoFactorStatus, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await disableTwoFactor(deps, user, request.body, clientOf(request));
      return twoFactorStatusOf(app.db, user);
    },
  );

  const manageUsers = requirePermission('manage:users');

  app.get(
    '/api/users/:id/two-factor',
    {
      onRequest: manageUsers,
      schema: {
        tags,
        summary: "Whether a staff account's TOTP is on (admin)",
        security: [{ session: [] }],
        params: userIdParams,
        response: { 200: userTwoFactor, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ enabled: await isTotpEnabled(app.db, request.params.id) }),
  );

  app.delete(
    '/api/users/:id/two-factor',
    {
      onRequest: manageUsers,
      schema: {
        tags,
        summary: "Removes a staff account's TOTP and recovery codes (admin), e.g. after a lost phone",
        description:
          'Where the clinic requires TOTP for the role, the user sets it up again at the next sign-in. ' +
          '404 unknown user, 409 TOTP is off.',
        security: [{ session: [] }],
        params: userIdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await resetTwoFactor(deps, currentUser(request), request.params.id, clientOf(request));
      return reply.code(204).send(null);
    },
  );

  const manage = requirePermission('manage:settings');

  app.get(
    '/api/settings/two-factor',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'The roles whose accounts must sign in with TOTP (admin)',
        security: [{ session: [] }],
        response: { 200: twoFactorPolicy, ...errorResponses(401, 403) },
      },
    },
    async () => (await readPolicy(app.db)).policy,
  );

  app.put(
    '/api/settings/two-factor',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Sets the roles whose accounts must sign in with TOTP (admin); 409 on a stale version',
        description:
          'An account of such a role without TOTP sets it up at its next sign-in, before any session opens.',
        security: [{ session: [] }],
        body: twoFactorPolicyUpdate,
        response: { 200: twoFactorPolicy, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => savePolicy(deps, actorOf(request), request.body),
  );
}
