import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../src/app-types';
import { SESSION_COOKIE } from '../src/plugins/sessions';

export const CSRF_HEADERS = { 'x-requested-with': 'odonto' } as const;

export interface CallOptions {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  /** A `Cookie` header value, e.g. from loginAs(). */
  cookie?: string | null;
  headers?: Record<string, string>;
  /** Leave out the X-Requested-With header (to test the CSRF rule). */
  withoutCsrfHeader?: boolean;
  remoteAddress?: string;
}

/** app.inject with the CSRF header a real browser client sends on every call. */
export function call(app: App, options: CallOptions): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(options.withoutCsrfHeader ? {} : CSRF_HEADERS),
    ...options.headers,
  };
  if (options.cookie) headers['cookie'] = options.cookie;
  return app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The `odonto_session=<token>` pair a response set, or null. */
export function sessionCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value !== '' ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/** Signs in through POST /api/login and answers the Cookie header for later calls. */
export async function loginAs(
  app: App,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<string> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/login',
    body: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

/** The JSON error body's parts. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('error' in body))
    throw new Error(`not an error body: ${response.body}`);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}
