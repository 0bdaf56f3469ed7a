import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupRun, backupScheduleUpdate, backupSettings } from '@odonto/domain/contracts/backups';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { readBackupSettings, readSchedule, saveSchedule } from './backups.service';

/** Setări → Copii de siguranță (admin): the scheduled backup, its last run, and "Rulează acum" (issue 16). */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, now: () => app.now(), config: app.config, blobs: app.blobs };
  const tags = ['backups'];
  const manage = requirePermission('manage:settings');

  app.get(
    '/api/settings/backups',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'The scheduled backup, its last run and its next time (admin)',
        security: [{ session: [] }],
        response: { 200: backupSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readBackupSettings(deps),
  );

  app.put(
    '/api/settings/backups',
    {
      onRequest: manage,
      schema: {
        tags,
        summary:
          'Turns the daily backup on or off: time (HH:mm, clinic time), how many to keep, the directory',
        description:
          'The directory is an absolute path on the server, created if missing; 422 when the server cannot ' +
          'write there. 409 on a stale version. The archives are those of `npm run backup`.',
        security: [{ session: [] }],
        body: backupScheduleUpdate,
        response: { 200: backupSettings, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => saveSchedule(deps, actorOf(request), request.body),
  );

  app.post(
    '/api/settings/backups/run',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Starts a backup now into the schedule’s directory; answers it as running (202)',
        description:
          'GET /api/settings/backups shows how it ended. 409 while one runs or with no directory set.',
        security: [{ session: [] }],
        response: { 202: backupRun, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { schedule } = await readSchedule(app.db);
      if (schedule.directory === '') {
        throw new AppError(409, 'conflict', 'Setați și salvați întâi directorul în care se scriu copiile.');
      }
      const run = await app.backupScheduler.runNow(actorOf(request));
      if (!run)
        throw new AppError(
          409,
          'conflict',
          'O copie de siguranță este deja în curs. Așteptați să se termine.',
        );
      return reply.code(202).send(run);
    },
  );
};
