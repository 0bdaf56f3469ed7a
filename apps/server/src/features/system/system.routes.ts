import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigResponse, healthResponse } from '@odonto/domain/contracts/system';
import { pingDatabase } from './system.queries';

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
