import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAvatarResponse, saveAvatarResponse } from '@odonto/domain/contracts/avatars';
import {
  AVATAR_FORMAT_ERROR,
  deleteAvatarRequest,
  isAvatarFileName,
} from '@odonto/domain/contracts/patients';
import { readUploadForm } from '../../files/multipart';
import type { FileStore } from '../../files/store';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { deleteAvatar, saveAvatar } from './avatars.service';

const saveAvatarFields = z.object({ id: z.string().trim().min(1, 'Pacientul lipsește.').max(100) });

function refuseOtherExtensions(fileName: string): void {
  if (!isAvatarFileName(fileName)) throw new AppError(415, 'unsupported_media', AVATAR_FORMAT_ERROR);
}

export const avatarsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store: FileStore = { db: app.db, blobs: app.blobs, now: app.now };
  const tags = ['patients'];

  app.post(
    '/api/save-avatar-img',
    {
      onRequest: requirePermission('write:patient'),
      schema: {
        tags,
        summary: "Uploads a patient's avatar and makes it the current one (SPEC.md §5, §7)",
        description:
          'multipart/form-data: field `id` (the patient `_id`) and one file part (e.g. `file`) named ' +
          '.jpg .jpeg .png .bmp .gif or .heic in any case. The picture is re-encoded (upright, metadata ' +
          'removed, at most 1600 px) with a 256 px PNG thumbnail; the previous avatar is deleted. 415 for ' +
          'another extension, content that is not such an image, or a compressed (RLE) BMP, 413 above UPLOAD_MAX_MB, 422 for a damaged or over 50 MP image.',
        consumes: ['multipart/form-data'],
        response: { 200: saveAvatarResponse, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const form = await readUploadForm(request, {
        maxBytes: app.config.uploadMaxBytes,
        checkFileName: refuseOtherExtensions,
      });
      const fields = saveAvatarFields.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError(400, 'invalid_input', 'Pacientul lipsește.', {
          fields: { id: 'Pacientul lipsește.' },
        });
      }
      if (!form.file)
        throw new AppError(400, 'invalid_input', 'Alegeți o imagine.', {
          fields: { file: 'Alegeți o imagine.' },
        });
      return saveAvatar(store, fields.data.id, form.file, actorOf(request));
    },
  );

  app.post(
    '/api/delete-avatar-img',
    {
      onRequest: requirePermission('write:patient'),
      schema: {
        tags,
        summary:
          "Deletes one of a patient's avatars and its thumbnail; clears the current avatar if it was it",
        body: deleteAvatarRequest,
        response: { 200: deleteAvatarResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deleteAvatar(store, request.body.id, request.body.name, actorOf(request)),
  );
};
