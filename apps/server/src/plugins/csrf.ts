import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@odonto/domain/messages';
import type { App } from '../app-types';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a GET that changes state (the spec's deleting GETs): it gets the CSRF check too. */
    csrf?: boolean;
  }
}

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'odonto';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN.md §4: a state-changing call must carry `X-Requested-With: odonto` (a header no cross-site
 * form can set) and, when the browser names an Origin or Referer, come from this site: one of
 * `allowedOrigins` (PUBLIC_URL's and ALLOWED_ORIGINS). Never the request's own Host: a name an attacker
 * points at the clinic's server (DNS rebinding) would match itself. Only an install without PUBLIC_URL
 * (`null`) falls back to the Host, so a trial on a LAN address works.
 */
export function registerCsrf(app: App, allowedOrigins: readonly string[] | null): void {
  const allowed = new Set(allowedOrigins);
  // Callback style, not async: the check never waits (a throw is answered as a rejected hook would be).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) && request.routeOptions.config.csrf !== true) return done();
    if (
      request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE ||
      !isAllowedOrigin(request, allowedOrigins ? allowed : null)
    ) {
      throw new AppError(403, 'csrf', MESSAGES.csrf);
    }
    done();
  });
}

function isAllowedOrigin(request: FastifyRequest, allowed: ReadonlySet<string> | null): boolean {
  const claimed = request.headers.origin ?? request.headers.referer;
  if (claimed === undefined) return true;
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return false;
  }
  if (allowed) return allowed.has(url.origin);
  return withoutDefaultPort(url.host) === withoutDefaultPort(request.host);
}

function withoutDefaultPort(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}
