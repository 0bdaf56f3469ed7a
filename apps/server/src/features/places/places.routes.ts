import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countyLocalitiesResponse,
  placesResponse,
  sirutaImportResponse,
} from '@odonto/domain/contracts/places';
import { SirutaFormatError } from '@odonto/domain/siruta';
import { readUploadForm } from '../../files/multipart';
import { actorOf } from '../../plugins/audit';
import { requirePermission, requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { isCachedCopyFresh } from './http-cache';
import {
  countyPlaces,
  decodeCsv,
  importPlaces,
  knownCounty,
  placesEtag,
  placesSummary,
} from './places.service';

const countyParams = z.object({ auto: z.string().trim().min(1).max(20) });
const notModified = z.null().describe('Not modified: the If-None-Match ETag is current');

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['places'];

  app.get(
    '/api/places',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The 42 counties with their number of imported localities, and the countries in Romanian',
        description:
          'Cacheable: Cache-Control private, max-age=300, and an ETag that changes on every import.',
        response: { 200: placesResponse, 304: notModified, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      if (isCachedCopyFresh(request, reply, await placesEtag(app.db, 'all')))
        return reply.code(304).send(null);
      return placesSummary(app.db);
    },
  );

  app.get(
    '/api/places/:auto',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "One county's localities (SPEC.md §3), by registration code; empty before an import",
        params: countyParams,
        response: { 200: countyLocalitiesResponse, 304: notModified, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const county = knownCounty(request.params.auto);
      if (!county) throw new AppError(404, 'not_found', 'Județul nu există.');
      if (isCachedCopyFresh(request, reply, await placesEtag(app.db, county.auto)))
        return reply.code(304).send(null);
      return countyPlaces(app.db, county);
    },
  );

  app.post(
    '/api/places/import',
    {
      onRequest: requirePermission('manage:settings'),
      schema: {
        tags,
        summary: 'Replaces every locality with those of an uploaded SIRUTA CSV (admin)',
        description:
          'multipart/form-data with one file part (any field name, e.g. `file`): the SIRUTA register as CSV, ' +
          'UTF-8 or Windows-1250. 422 with the reason when the file is not a register the importer understands; ' +
          'nothing changes then. 413 above UPLOAD_MAX_MB.',
        consumes: ['multipart/form-data'],
        response: { 200: sirutaImportResponse, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const { file } = await readUploadForm(request, { maxBytes: app.config.uploadMaxBytes });
      if (!file) throw new AppError(400, 'invalid_input', 'Alegeți fișierul SIRUTA (CSV).');
      try {
        const imported = await importPlaces(app.db, app.dialect, decodeCsv(file.data), {
          now: app.now(),
          source: 'upload',
          actor: actorOf(request),
        });
        return { counties: imported.counties, localities: imported.localities };
      } catch (error) {
        if (error instanceof SirutaFormatError) throw new AppError(422, 'unprocessable', error.message);
        throw error;
      }
    },
  );
};
