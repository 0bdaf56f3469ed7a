import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import type { Config } from '../config';
import { AppError } from './errors';
import { databaseRateLimitStore } from './rate-limit-store';

/** Cookies, security headers and the (per-route) rate limiter. */
export async function registerSecurity(app: App, config: Config): Promise<void> {
  await app.register(fastifyCookie);

  // The headers never change while the server runs: built once, set on every answer. (@fastify/helmet
  // built its helmet middleware again on every request, CSP text included; security.test.ts checks these
  // are exactly the headers it sent.) On the raw response, as helmet did: a route's own header (a stored
  // document's CSP) still wins.
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // On PostgreSQL several instances may serve one clinic: they count in the database, together
    // (decision 0049). The embedded database has one server, which counts in its memory.
    ...(app.dialect === 'postgres' ? { store: databaseRateLimitStore(app.db, app.now) } : {}),
    // The plugin has already set Retry-After; the body follows the app's error shape.
    errorResponseBuilder: () => new AppError(429, 'rate_limited', MESSAGES.rateLimited),
  });
}

/** The CSP directives of every answer; a route may send its own instead (a stored document). */
export function cspDirectives(config: Pick<Config, 'sentryDsn' | 'isHttps'>): Record<string, string[]> {
  // The browser reports errors straight to Sentry, so its ingest origin must be reachable.
  const sentryOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : null;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Mantine sets inline styles at runtime.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': sentryOrigin ? ["'self'", sentryOrigin] : ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Only behind HTTPS: on a plain-http clinic network it would break every asset request.
    ...(config.isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The security headers of every answer, as helmet's defaults set them, with the CSP above, frames denied,
 * and HSTS only behind HTTPS.
 */
export function securityHeaders(config: Pick<Config, 'sentryDsn' | 'isHttps'>): [string, string][] {
  const csp = Object.entries(cspDirectives(config))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  return [
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ...(config.isHttps
      ? [['strict-transport-security', 'max-age=15552000; includeSubDomains'] as [string, string]]
      : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}
