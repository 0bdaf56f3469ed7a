import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { App, Clock } from './app-types';
import type { Config } from './config';
import { createBlobStore, type BlobStore } from './files/blob-store';
import type { Database } from './db/database';
import type { DialectName } from './db/dialect';
import { appointmentsRoutes } from './features/appointments/appointments.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authRoutes } from './features/auth/auth.routes';
import { avatarsRoutes } from './features/avatars/avatars.routes';
import { registerBackupScheduler } from './features/backups/backup-scheduler';
import { registerSearchIndexUpkeep } from './features/patients/search-index-upkeep';
import { backupsRoutes } from './features/backups/backups.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { efacturaRoutes } from './features/efactura/efactura.routes';
import { registerEfacturaWorker } from './features/efactura/efactura-worker-plugin';
import { clinicRoutes } from './features/clinic/clinic.routes';
import { historyRoutes } from './features/history/history.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { gdprRoutes } from './features/gdpr/gdpr.routes';
import { gdprErasureRoutes } from './features/gdpr/gdpr-erasure.routes';
import { lettersRoutes } from './features/letters/letters.routes';
import { locationsRoutes } from './features/locations/locations.routes';
import { signaturesRoutes } from './features/signatures/signatures.routes';
import { patientsRoutes } from './features/patients/patients.routes';
import { placesRoutes } from './features/places/places.routes';
import { plansRoutes } from './features/plans/plans.routes';
import { priceListRoutes } from './features/price-list/price-list.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { publicReviewRoutes } from './features/reviews/public-review.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { sterilisationRoutes } from './features/sterilisation/sterilisation.routes';
import { systemRoutes } from './features/system/system.routes';
import { usersRoutes } from './features/users/users.routes';
import { filesRoutes } from './files/files.routes';
import { createMailer, type Mailer } from './notify/mail';
import type { SmsProvider } from './notify/sms';
import { registerOutboxWorker } from './notify/worker-plugin';
import { registerAuth } from './plugins/auth';
import { registerCsrf } from './plugins/csrf';
import { registerDrain } from './plugins/drain';
import { lazyDefaultCompilers } from './plugins/default-compilers';
import { registerIdempotency } from './plugins/idempotency';
import { registerTextGuard } from './plugins/text-guard';
import { setImageDecodeLimit } from './files/image-pool';
import { answerFrameworkError, registerErrorHandling, type ErrorReporter } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  now?: Clock;
  mailer?: Mailer;
  /** Where stored files' bytes live; by default the store the configuration names (files/blob-store.ts). */
  blobs?: BlobStore;
  /** Where SMS go; by default the provider SMS_PROVIDER configures. */
  sms?: SmsProvider;
  /** Called with every unexpected (5xx) error, e.g. Sentry's captureException. */
  reportError?: ErrorReporter;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app (API + web) without listening; the caller owns the database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Zod's built-in messages (type errors, unknown fields) in Romanian, like our own.
  z.config(z.locales.ro());

  const app: App = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      serializers: { req: (request) => ({ method: request.method, url: redactUrl(request.url) }) },
    },
    // One line per request, written when it is answered (registerRequestLog), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: lazyDefaultCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their contracts in the test suite; a clinic gets the compiled serializer.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({
      checkAnswers: config.env === 'test',
      onFallback: (fallback) => app.log.debug(fallback, 'answer serialised by zod, not compiled'),
    }),
  );

  const now = deps.now ?? (() => new Date());
  setImageDecodeLimit(config.imageDecodeConcurrency);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('now', now);
  const blobs = deps.blobs ?? createBlobStore(config);
  app.decorate('blobs', blobs);
  // The app closes only the store it made; a store passed in belongs to the caller.
  if (!deps.blobs) app.addHook('onClose', async () => blobs.close());
  app.decorate('mailer', deps.mailer ?? createMailer({ config, db: deps.db, now, log: app.log }));
  registerOutboxWorker(app, deps.sms);
  registerEfacturaWorker(app);
  registerBackupScheduler(app);
  registerSearchIndexUpkeep(app);

  registerErrorHandling(app, deps.reportError);
  registerRequestLog(app);
  registerDrain(app);
  await registerSecurity(app, config);
  registerCsrf(app, config.allowedOrigins);
  await registerAuth(app);
  registerTextGuard(app);
  registerIdempotency(app);
  await registerOpenApi(app, config);
  // Answers above 1 KB go compressed to whoever accepts it (a tablet on mobile data); brotli at a
  // quality that costs about what gzip does. Built files are compressed at build time instead.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadMaxBytes } });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(patientsRoutes);
  await app.register(placesRoutes);
  await app.register(avatarsRoutes);
  await app.register(usersRoutes);
  await app.register(filesRoutes);
  await app.register(auditRoutes);
  await app.register(historyRoutes);
  await app.register(documentsRoutes);
  await app.register(reviewsRoutes);
  await app.register(publicReviewRoutes);
  await app.register(clinicRoutes);
  await app.register(lettersRoutes);
  await app.register(gdprRoutes);
  await app.register(gdprErasureRoutes);
  await app.register(locationsRoutes);
  await app.register(appointmentsRoutes);
  await app.register(signaturesRoutes);
  await app.register(sterilisationRoutes);
  await app.register(efacturaRoutes);
  await app.register(ledgerRoutes);
  await app.register(invoicesRoutes);
  await app.register(priceListRoutes);
  await app.register(plansRoutes);
  await app.register(reportsRoutes);
  await app.register(sessionsRoutes);
  await app.register(backupsRoutes);

  await registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * One `info` line per answered request: method, address (reset secrets redacted), status and time. None
 * for /api/health and /api/ready, which a load balancer or monitor asks every few seconds.
 */
function registerRequestLog(app: App): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (!PROBE_URLS.has(request.routeOptions.url ?? '')) {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request completed',
      );
    }
    done();
  });
}

const PROBE_URLS = new Set(['/api/health', '/api/ready']);

/** Reset links carry a secret in the address; it never reaches the logs. */
export function redactUrl(url: string): string {
  return url.replace(/(reset_pass=)[^&]*/g, '$1[redacted]');
}
