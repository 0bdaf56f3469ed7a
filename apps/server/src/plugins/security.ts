import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import type { Config } from '../config';
import { AppError } from './errors';

/** Cookies, security headers and the (per-route) rate limiter. */
export async function registerSecurity(app: App, config: Config): Promise<void> {
  await app.register(fastifyCookie);

  // The browser reports errors straight to Sentry, so its ingest origin must be reachable.
  const sentryOrigin = config.sentryDsn ? new URL(config.sentryDsn).origin : null;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine sets inline styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: sentryOrigin ? ["'self'", sentryOrigin] : ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on a plain-http clinic network it would break every asset request.
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // The plugin has already set Retry-After; the body follows the app's error shape.
    errorResponseBuilder: () => new AppError(429, 'rate_limited', MESSAGES.rateLimited),
  });
}
