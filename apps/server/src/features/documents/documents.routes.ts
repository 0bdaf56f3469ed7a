import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteDocRequest, documentsByKind } from '@odonto/domain/contracts/documents';
import { documentFileName } from '@odonto/domain/documents';
import type { FileStore } from '../../files/store';
import { openStoredFile } from '../../files/store';
import { actorOf, audit } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { contentDisposition, documentHeaders } from './documents-serve';
import { readDocForm } from './documents-form';
import { findFile, findLiveDocument } from './documents.queries';
import {
  deleteDocument,
  documentAudit,
  documentNotFound,
  listDocuments,
  saveDocument,
  type DocumentsDeps,
} from './documents.service';

const patientParams = z.strictObject({ id: z.string().min(1).max(100) });
const fileParams = z.strictObject({
  patientId: z.string().min(1).max(100),
  documentId: z.string().min(1).max(100),
});
const fileQuery = z.strictObject({ download: z.enum(['0', '1']).optional() });

const FORM_DESCRIPTION =
  'multipart/form-data (SPEC.md §7). Field `obj`: JSON {id?, version?, kind, label, date, text?} — kind ' +
  '`document` (pdf, jpg, jpeg, png, bmp, gif), `import` (the same), `radiografie` (jpg, jpeg, png, bmp, gif) ' +
  'or `nota` (text, no file); date YYYY-MM-DD. Without `id`: a new document, its file in the one file part ' +
  '(required, except for a note). With `id` and the loaded `version`: changes label, date and a note’s text ' +
  '(stale version: 409). 415 `Format fisier nesuportat.` for an extension the kind does not accept, 415 when ' +
  'the content is not what the extension says (magic numbers), 413 above UPLOAD_MAX_MB, 422 a damaged file. ' +
  'Pictures are re-encoded (upright, no metadata, at most 4096 px) with a PNG thumbnail; PDFs are kept as sent.';

/** The patient's documents (issue 5): update-doc, the list, delete, and their files. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const store: FileStore = { db: app.db, blobs: app.blobs, now: app.now };
  const deps: DocumentsDeps = { db: app.db, now: app.now, store };
  const tags = ['documents'];
  const read = requirePermission('read:patient');
  const write = requirePermission('write:patient');

  app.get(
    '/api/documents/:id',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "The patient's documents, by kind; each list newest date first",
        description:
          'Each answer writes a `patient_documents_view` audit row. 404 unknown or deleted patient.',
        params: patientParams,
        response: { 200: documentsByKind, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const documents = await listDocuments(deps, request.params.id);
      // The list holds the notes' text and names every file: a view of the patient's record.
      const patientId = request.params.id;
      await audit(request, {
        action: 'patient_documents_view',
        entity: 'patient',
        entityId: patientId,
        patientId,
      });
      return documents;
    },
  );

  app.post(
    '/api/update-doc/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Adds or changes a document of the patient `:id`; answers the documents by kind',
        description: FORM_DESCRIPTION,
        params: patientParams,
        consumes: ['multipart/form-data'],
        response: {
          200: documentsByKind,
          201: documentsByKind,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const form = await readDocForm(request, app.config.uploadMaxBytes);
      const { created, documents } = await saveDocument(deps, actorOf(request), request.params.id, form);
      return reply.code(created ? 201 : 200).send(documents);
    },
  );

  app.post(
    '/api/delete-doc/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Deletes (soft) a document of the patient `:id`; answers the documents by kind',
        description: 'Body {id, version?}; a stale version: 409. 404 unknown patient or document.',
        params: patientParams,
        body: deleteDocRequest,
        response: { 200: documentsByKind, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteDocument(deps, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/documents/:patientId/:documentId/file',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A document's file, inline (shown in the page) or, with ?download=1, as a download",
        description:
          'The bytes with their Content-Type and the saved name (label + extension). Framable by the app ' +
          'itself only. Every fetch writes a `document_view` audit row. 401, 403, 404 (unknown or deleted).',
        params: fileParams,
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const { patientId, documentId } = request.params;
      const document = await findLiveDocument(app.db, patientId, documentId);
      const file = document?.file_id ? await findFile(app.db, document.file_id) : undefined;
      const stream = file ? await openStoredFile(app, file) : null;
      if (!document || !file || !stream) {
        if (file) request.log.error({ fileId: file.id }, 'stored document missing from the store');
        throw documentNotFound();
      }
      const download = request.query.download === '1';
      await audit(request, documentAudit('document_view', document, { download }));
      const name = documentFileName(document.label, document.extension);
      return documentHeaders(reply, file, contentDisposition(name, download))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/documents/:patientId/:documentId/thumb',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A picture document's PNG thumbnail (256 px)",
        description: '404 for a PDF, a note, or an unknown or deleted document. 401, 403.',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const { patientId, documentId } = request.params;
      const document = await findLiveDocument(app.db, patientId, documentId);
      const file = document?.thumb_file_id ? await findFile(app.db, document.thumb_file_id) : undefined;
      const stream = file ? await openStoredFile(app, file) : null;
      if (!file || !stream) throw new AppError(404, 'not_found', 'Documentul nu are miniatură.');
      // A thumbnail never changes (a document's file is never replaced): the browser may keep it.
      return documentHeaders(reply, file, contentDisposition('miniatura.png', false))
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  );
};
