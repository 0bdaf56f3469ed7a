import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../src/app-types';
import { CHALLENGE_COOKIE } from '../src/features/auth/two-factor.routes';
import { call } from './http';
import type { TestApp } from './build-test-app';

/** The code an authenticator app shows for `key` at the app clock's time (or `offsetSteps` steps away). */
export function totpCode(t: TestApp, key: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(key),
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/** The `odonto_2fa=<token>` pair a response set, or null. */
export function challengeCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === CHALLENGE_COOKIE);
  return cookie && cookie.value !== '' ? `${CHALLENGE_COOKIE}=${cookie.value}` : null;
}

/** Turns TOTP on for a signed-in user through the profile calls; answers the key and the recovery codes. */
export async function enableTotp(
  t: TestApp,
  cookie: string,
): Promise<{ key: string; recoveryCodes: string[] }> {
  const setup = await call(t.app, { method: 'POST', url: '/api/profile/two-factor/setup', cookie, body: {} });
  expect(setup.statusCode, setup.body).toBe(200);
  const key = (setup.json() as { secret: string }).secret;
  const confirm = await call(t.app, {
    method: 'POST',
    url: '/api/profile/two-factor/confirm',
    cookie,
    body: { code: totpCode(t, key) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // The next code a test types belongs to a later step: the confirming one is used up.
  t.clock.advanceMinutes(1);
  return { key, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** POST /api/login that must stop at the second step; answers the challenge cookie. */
export async function passwordStep(app: App, email: string, password: string): Promise<string> {
  const response = await call(app, { method: 'POST', url: '/api/login', body: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = challengeCookieOf(response);
  if (!cookie) throw new Error(`no second step: ${response.body}`);
  return cookie;
}
