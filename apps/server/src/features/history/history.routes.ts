import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anuleazaTratamentRequest,
  historyObj,
  savePunteRequest,
  stergeDinteRequest,
  stergeTratamentRequest,
  stergeTratamentResponse,
} from '@odonto/domain/contracts/history';
import { patient, patientHistoryEntry } from '@odonto/domain/contracts/patients';
import type { FileStore } from '../../files/store';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { deletePunte, savePunte } from './bridges.service';
import { readHistoryForm } from './history-form';
import {
  bridgeParams,
  HISTORY_FORM_DESCRIPTION,
  historyAnswer,
  patientIdOnlyParams,
  patientIdParams,
  updateHistoryObj,
} from './history.schemas';
import { cancelEntry, deleteEntry } from './entry-removal.service';
import { createEntry, updateEntry, type HistoryDeps } from './history.service';
import { toggleRemovedTooth } from './removed-teeth.service';

/** The treatments capability (issue 4): history entries, bridges, removed teeth and pictures. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const store: FileStore = { db: app.db, blobs: app.blobs, now: app.now };
  const deps: HistoryDeps = { db: app.db, now: app.now, store, dateWindow: app.config.dateWindow };
  const tags = ['history'];
  const write = requirePermission('write:patient');
  const maxBytes = app.config.uploadMaxBytes;

  app.post(
    '/api/save-history/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Adds a treatment to the patient `:id` (new entry, pictures); answers the whole patient',
        description:
          `${HISTORY_FORM_DESCRIPTION} The entry's \`id\` is assigned by the server (the creation time in ms, ` +
          'unique per patient); the one in `obj` is ignored, and a picture name may keep it. Treatment rules ' +
          '(400, field messages): date required and not before today, treatment from the catalogue, doctor ' +
          'required, tooth required for bridges and dinteDD treatments, a crown or bridge start that can ' +
          'carry a crown, a bridge destination the chart allows. 404 unknown or deleted patient, 409 a ' +
          'picture name already used, 413 a picture above UPLOAD_MAX_MB, 415 not a picture, 422 damaged.',
        params: patientIdParams,
        consumes: ['multipart/form-data'],
        response: { 201: patient, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const form = await readHistoryForm(request, historyObj, maxBytes);
      return reply.code(201).send(await createEntry(deps, actorOf(request), request.params.id, form));
    },
  );

  app.post(
    '/api/update-history/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Saves an entry of the patient `:id` from the modal; answers the entry (with its signature)',
        description:
          `${HISTORY_FORM_DESCRIPTION} \`obj.id\` names the entry and \`obj.version\` is the version it was ` +
          'loaded with (stale: 409, nothing changes). `obj.pics` is the list after the save: stored pictures ' +
          'it leaves out are removed (the modal also names them in `obj.deleted`, or in a `deleted` field ' +
          'holding a JSON array); their files are deleted only once the save commits. Optional field ' +
          '`usedInstruments`: a JSON array of {name, id_sterilizare, used_at} added to `sterilizari` ' +
          '(other keys of an item are dropped). Ids in `obj.sterilizari` the entry has not recorded yet are ' +
          'checked against the register like `usedInstruments` (422 naming the first unknown, unsterile, ' +
          'expired or used one). Update mode: the destination tooth is locked, and for a ' +
          'bridge the tooth and the treatment too (400). 404 unknown patient or entry.',
        params: patientIdParams,
        consumes: ['multipart/form-data'],
        response: {
          200: patientHistoryEntry,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const form = await readHistoryForm(request, updateHistoryObj, maxBytes);
      return updateEntry(deps, actorOf(request), request.params.id, form);
    },
  );

  app.post(
    '/api/sterge-tratament/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Deletes (soft) the entry `id` of the body from the patient `:id`; answers the deleted id',
        description: 'The body is the modal data; only `id` (the entry id) is read, other keys are ignored.',
        params: patientIdParams,
        body: stergeTratamentRequest,
        response: { 200: stergeTratamentResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => deleteEntry(deps, actorOf(request), request.params.id, request.body.id),
  );

  app.post(
    '/api/anuleaza-tratament/:id',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Cancels the entry `id` of the patient `:id` with a reason; answers its id',
        description:
          'For an entry the patient signed (sterge-tratament refuses those with 409): it leaves the live ' +
          'history like a deleted one (chart, plan item, charge reversed) but stays in the answer of ' +
          'get-pacient under `anulate`, with `anulat: {la, de, motiv}`. 400: no reason (3–500 characters). ' +
          '404: no such live entry.',
        params: patientIdParams,
        body: anuleazaTratamentRequest,
        response: { 200: stergeTratamentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cancelEntry(deps, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/save-punte/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Adds a bridge (punte) entry; answers the new history, newest first',
        description:
          'SPEC.md §7 fields, plus optional `medic` and `detalii`. 400: not a catalogue bridge, teeth in ' +
          'different rows or the same tooth, `dinte`/`side`/`start`/`end`/`direction` not those of the two ' +
          'teeth (bridgeGeometry), a date before today. 409: the chart does not allow it (bridgeProblem: the ' +
          'start cannot carry a crown, the destination is missing, crowned or in another bridge, the span ' +
          'crosses a crown or a bridge), with the Romanian reason. `id` is assigned by the server.',
        params: patientIdOnlyParams,
        body: savePunteRequest,
        response: { 201: historyAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await savePunte(deps, actorOf(request), request.params.patientId, request.body)),
  );

  app.get(
    '/api/delete-punte/:patientId/:entryId',
    {
      onRequest: write,
      config: { csrf: true },
      schema: {
        tags,
        summary: 'Deletes (soft) a bridge entry; answers the new history. Needs X-Requested-With: odonto',
        description: '404 when the patient or the entry is unknown or deleted, or the entry is not a bridge.',
        params: bridgeParams,
        response: { 200: historyAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deletePunte(deps, actorOf(request), request.params.patientId, request.params.entryId),
  );

  app.post(
    '/api/sterge-dinte/:patientId',
    {
      onRequest: write,
      schema: {
        tags,
        summary: 'Toggles a tooth in the removed teeth (`dintiStersi`); answers the whole patient',
        description:
          'Removed when it was present, present again when it was removed; the patient gets a new `version`.',
        params: patientIdOnlyParams,
        body: stergeDinteRequest,
        response: { 200: patient, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toggleRemovedTooth(deps, actorOf(request), request.params.patientId, request.body.dinte),
  );
};
