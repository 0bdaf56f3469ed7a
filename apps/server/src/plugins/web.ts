import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@odonto/domain/messages';
import { patientListCall } from '@odonto/domain/patient-list-address';
import type { App } from '../app-types';
import { sendError } from './errors';
import { resolveSession, SESSION_COOKIE } from './sessions';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** The patient list's page addresses (SPEC.md §2): their HTML names the list's call (issue 20). */
const PATIENT_LIST_PAGES = new Set(['/pacienti', '/pacienti/', '/pacienti/list', '/pacienti/list/']);
const MISSING_BUILD =
  'Aplicația web nu este construită. Rulați `npm run build` (sau `npm start`, care o construiește), apoi reîncărcați pagina.\n' +
  'The web app is not built: run `npm run build`.\n';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, index.html is
 * revalidated on every visit, and any other page address a browser opens answers index.html so the
 * client router can take it. Unknown /api/* addresses answer a JSON 404.
 */
export async function registerWebApp(app: App, webDistDir: string): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  if (existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // The build writes source maps for error reporting; served, they would hand anyone the client's source.
      allowedPath: (path) => !path.toLowerCase().endsWith('.map'),
      setHeaders: (reply, path) => {
        void reply.header(
          'cache-control',
          path.startsWith(join(webDistDir, 'assets')) ? LONG_CACHE : NO_CACHE,
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!isPageRequest(request)) {
      return sendError(reply, 404, 'not_found', MESSAGES.routeNotFound);
    }
    // Read on each visit: a rebuild while the server runs is picked up without a restart.
    const html = existsSync(indexFile) ? await readFile(indexFile) : null;
    if (!html)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .send(MISSING_BUILD);
    const preload = await patientListPreload(app, request);
    return (
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        // The list page's HTML depends on the session (the preload below).
        .header('vary', 'Cookie')
        .send(preload ? html.toString('utf8').replace('</head>', `    ${preload}\n  </head>`) : html)
    );
  });
}

/**
 * A signed-in load of the patient list asks for its page of patients as the browser reads the HTML,
 * not after the app's code has loaded and checked the session: a `<link rel=preload>` of the very call
 * the list page then makes (the same address, with the cookie), whose answer the browser hands to that
 * fetch (e2e: patients.spec). Only for a live session whose roles may open the list, so the browser
 * never asks for what would be refused.
 */
async function patientListPreload(app: App, request: FastifyRequest): Promise<string | null> {
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const search = queryStart < 0 ? '' : request.url.slice(queryStart + 1);
  const token = request.cookies[SESSION_COOKIE];
  if (!PATIENT_LIST_PAGES.has(path) || !token) return null;
  const session = await resolveSession(app.db, token, app.now(), app.config);
  const call = session ? patientListCall(new URLSearchParams(search), session.user.roles) : null;
  if (!call) return null;
  return `<link rel="preload" href="${call.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials">`;
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/history-imgs/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
