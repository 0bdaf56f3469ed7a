import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@odonto/domain/messages';
import { clientConfigResponse, healthResponse, readyResponse } from '@odonto/domain/contracts/system';
import { migrations } from '../../db/migrations/index';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { appliedMigrationNames, pingDatabase } from './system.queries';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The server and its database answer',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { ok: true as const };
    },
  );

  // Migrations are never undone: once every one is there, later checks only ask the database to answer.
  let isMigrated = false;
  const known = Object.keys(migrations(app.dialect));
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'For a load balancer: this instance may take requests (public)',
        description:
          '200 when the database answers and has every migration this version knows, and the bucket of ' +
          'the stored files answers (when they are on S3-compatible storage, within 3 s); 503 ' +
          '(`not_ready`) otherwise, e.g. while another instance is still migrating the database, when ' +
          'the database is down, or when the bucket is unreachable, missing or refuses the keys.',
        response: { 200: readyResponse, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: the database does not answer');
        throw new AppError(503, 'not_ready', MESSAGES.databaseUnreachable);
      }
      if (!isMigrated) {
        const applied = new Set(await appliedMigrationNames(app.db).catch(() => []));
        if (known.some((name) => !applied.has(name)))
          throw new AppError(503, 'not_ready', MESSAGES.migrationsPending);
        isMigrated = true;
      }
      try {
        await app.blobs.check();
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: the file storage does not answer');
        throw new AppError(503, 'not_ready', MESSAGES.fileStorageUnreachable);
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/api/client-config',
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime settings for the browser (public)',
        response: { 200: clientConfigResponse },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { sentryDsn: app.config.sentryDsn };
    },
  );
};
