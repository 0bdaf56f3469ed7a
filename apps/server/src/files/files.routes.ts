import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@odonto/domain/roles';
import { currentUser, requirePermission } from '../plugins/auth';
import { AppError } from '../plugins/errors';
import { findServableFile } from './files.queries';
import { openStoredFile } from './store';

const fileParams = z.object({ patientId: z.string().min(1).max(100), name: z.string().min(1).max(200) });

/**
 * DESIGN.md §4: a patient's images and documents are served only to signed-in staff who may read
 * patients, never as public static files. Names are random and never reused, so a browser may keep a
 * copy for a day, in its private cache only.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history-imgs/:patientId/:name',
    {
      onRequest: requirePermission('read:patient'),
      schema: {
        tags: ['files'],
        summary: "A patient's stored picture: avatars at {name}, thumbnails at thumb-{name}.png (SPEC.md §7)",
        description:
          'The bytes with their Content-Type, X-Content-Type-Options: nosniff and Cache-Control: private. ' +
          'Errors (JSON): 401 signed out, 403 without read:patient (sterilizare), 404 unknown file.',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const { patientId, name } = request.params;
      const mayRestore = can(currentUser(request).roles, 'restore:patient');
      const file = await findServableFile(app.db, patientId, name, mayRestore);
      const stream = file ? await openStoredFile(app, file) : null;
      if (!file || !stream) {
        if (file) request.log.error({ fileId: file.id }, 'stored file missing from the store');
        throw new AppError(404, 'not_found', 'Fișierul nu a fost găsit.');
      }
      return reply
        .header('content-type', file.content_type)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `inline; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .send(stream);
    },
  );
};
