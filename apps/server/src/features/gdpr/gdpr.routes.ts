import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/audit';
import { currentUser, requirePermission } from '../../plugins/auth';
import { exportPatientData, type GdprDeps } from './gdpr.service';

const patientParams = z.strictObject({ id: z.string().min(1).max(100) });

/** The GDPR right of access (issue 16; docs/decisions/0031). */
export const gdprRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GdprDeps = { db: app.db, blobs: app.blobs, now: app.now };

  app.get(
    '/api/pacienti/:id/export-gdpr',
    {
      onRequest: requirePermission('export:patient'),
      schema: {
        tags: ['gdpr'],
        summary: "The patient's data as a ZIP (JSON, readable PDF, stored files), streamed as it is built",
        description:
          'date-pacient.json, fisa-pacient.pdf, CITESTE-MA.txt and the files of documents, treatment pictures ' +
          'and signatures. Admins and medics; each export writes a `patient_gdpr_export` audit row. ' +
          'Errors: 401 signed out, 403 another role, 404 unknown or deleted patient (JSON `{error}` as everywhere).',
        params: patientParams,
      },
    },
    async (request, reply) => {
      const archive = await exportPatientData(
        deps,
        currentUser(request),
        actorOf(request),
        request.params.id,
      );
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${archive.name}"`,
          'cache-control': 'private, no-store',
        })
        .send(archive.stream);
    },
  );
};
