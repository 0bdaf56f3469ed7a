import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLINIC_MESSAGES,
  clinicSettings,
  clinicUpdate,
  isLogoFileName,
  locationSeller,
  locationSellerUpdate,
} from '@odonto/domain/contracts/clinic';
import { readUploadForm } from '../../files/multipart';
import { openStoredFile, type FileStore } from '../../files/store';
import { actorOf } from '../../plugins/audit';
import { requirePermission, requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { findLogoFile } from './clinic.queries';
import { deleteLogo, readClinic, saveClinic, saveLogo } from './clinic.service';
import { readLocationSeller, removeLocationSeller, saveLocationSeller } from './location-seller.service';

const logoParams = z.strictObject({ name: z.string().min(1).max(200) });
const locationParams = z.strictObject({ id: z.string().min(1).max(100) });

function refuseOtherExtensions(fileName: string): void {
  if (!isLogoFileName(fileName)) throw new AppError(415, 'unsupported_media', CLINIC_MESSAGES.logoFormat);
}

/** The clinic's details (issue 8): read by everyone signed in (they print them), changed by admins. */
export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  const store: FileStore = { db: app.db, blobs: app.blobs, now: app.now };
  const tags = ['clinic'];
  const manage = requirePermission('manage:settings');

  app.get(
    '/api/clinic',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          "The clinic's details for letterheads: name, address, phone, email, CUI, logo, titles, stamp",
        description: 'Every signed-in user may read them. `version` is 0 until an admin first saves them.',
        response: { 200: clinicSettings, ...errorResponses(401) },
      },
    },
    async () => readClinic(app.db),
  );

  app.put(
    '/api/clinic',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Saves the clinic's details (admin); 409 when `version` is not the current one",
        description:
          'The CUI is checked (control digit) and stored as RO… or digits only; phone spaces removed.',
        body: clinicUpdate,
        response: { 200: clinicSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { version, ...data } = request.body;
      return saveClinic(store, actorOf(request), data, version);
    },
  );

  app.post(
    '/api/clinic/logo',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Uploads the clinic's logo (admin); the previous one is deleted",
        description:
          'multipart/form-data with one file part (e.g. `file`) named .jpg .jpeg .png .bmp or .gif. The image is ' +
          're-encoded (upright, metadata removed, at most 800 px). 415 another extension or not such an image, ' +
          '413 above UPLOAD_MAX_MB, 422 a damaged image.',
        consumes: ['multipart/form-data'],
        response: { 200: clinicSettings, ...errorResponses(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const form = await readUploadForm(request, {
        maxBytes: app.config.uploadMaxBytes,
        checkFileName: refuseOtherExtensions,
      });
      if (!form.file) {
        throw new AppError(400, 'invalid_input', CLINIC_MESSAGES.logoMissing, {
          fields: { file: CLINIC_MESSAGES.logoMissing },
        });
      }
      return saveLogo(store, actorOf(request), form.file);
    },
  );

  app.delete(
    '/api/clinic/logo',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Removes the clinic's logo (admin); 404 when there is none",
        response: { 200: clinicSettings, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => deleteLogo(store, actorOf(request)),
  );

  app.get(
    '/api/locations/:id/seller',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "A location's own seller data for invoices (admin); `seller` null: invoiced as the clinic",
        params: locationParams,
        response: { 200: locationSeller, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readLocationSeller(app.db, request.params.id),
  );

  app.put(
    '/api/locations/:id/seller',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Saves a location's own seller data (admin); 409 when `version` is not the current one",
        description:
          "The clinic's seller rules: CUI with its control digit (stored as RO… or digits), county code, postal " +
          'code, IBAN. Invoices issued afterwards at the location carry this seller; issued ones keep theirs.',
        params: locationParams,
        body: locationSellerUpdate,
        response: { 200: locationSeller, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { version, ...data } = request.body;
      return saveLocationSeller(store, actorOf(request), request.params.id, data, version);
    },
  );

  app.delete(
    '/api/locations/:id/seller',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Removes a location's own seller data (admin): it is invoiced as the clinic again",
        description: '404 for an unknown location or one without its own seller data.',
        params: locationParams,
        response: { 200: locationSeller, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => removeLocationSeller(store, actorOf(request), request.params.id),
  );

  app.get(
    '/api/clinic/logo/:name',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The clinic's logo image, for signed-in staff (private cache)",
        params: logoParams,
      },
    },
    async (request, reply) => {
      const file = await findLogoFile(app.db, request.params.name);
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
        .send(stream);
    },
  );
};
