import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRICE_LIST_MESSAGES,
  priceChange,
  priceDay,
  priceHistoryAnswer,
  priceItem,
  priceItemCreate,
  priceItemParams,
  priceItemUpdate,
  priceListAnswer,
  priceListExportQuery,
  priceListImportAnswer,
  priceListQuery,
  vatSettings,
  vatSettingsUpdate,
} from '@odonto/domain/contracts/price-list';
import { toIsoDay } from '@odonto/domain/dates';
import { readUploadForm } from '../../files/multipart';
import { actorOf } from '../../plugins/audit';
import { requirePermission } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { errorResponses } from '../../plugins/responses';
import { exportPriceList } from './price-list-export';
import { importPriceList, priceListFileType, readPriceListRows } from './price-list-import';
import {
  addPrice,
  createPriceItem,
  listPriceList,
  readPriceHistory,
  updatePriceItemDetails,
} from './price-list.service';
import { readVatSettings, saveVatSettings } from './vat-settings.service';

/** The clinic's price list (issue 12): admins edit it, doctors and assistants read it. */
export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, now: app.now };
  const tags = ['price-list'];
  const read = requirePermission('read:price-list');
  const manage = requirePermission('manage:price-list');
  const today = () => toIsoDay(app.now());

  app.get(
    '/api/price-list',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The price list with each price on a day (default today), its next change, unit and VAT',
        description:
          'Every treatment catalogue procedure is listed (price null until one is set) and the clinic’s own ' +
          'items. `q` searches code and name (any case, with or without diacritics); `group` filters by group; ' +
          'inactive items only with `includeInactive=true`. Amounts are integer bani, VAT included.',
        querystring: priceListQuery,
        response: { 200: priceListAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { day, q, group, includeInactive } = request.query;
      return listPriceList(deps, { day: day || today(), q, group, includeInactive });
    },
  );

  app.post(
    '/api/price-list',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Adds one of the clinic’s own items with its first price (admin)',
        description:
          'An empty `code` gets the next P-0001 code; codes starting with T- belong to the catalogue. ' +
          '`vatRateBp` null is exempt, otherwise one of the clinic’s rates. `validFrom` is today or later. ' +
          '409 when the code is taken.',
        body: priceItemCreate,
        response: { 201: priceItem, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const item = await createPriceItem(deps, actorOf(request), request.body, today());
      return reply.code(201).send(item);
    },
  );

  app.get(
    '/api/price-list/export',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The price list as a CSV or XLSX download, with today’s prices',
        description:
          'Columns cod, denumire, grupa, unitate, pret_lei (e.g. 1250,00), tva (scutit or 21%), activ (da/nu): ' +
          'the file POST /api/price-list/import reads back. CSV: UTF-8 with BOM, `;`-separated.',
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: priceListExportQuery,
      },
    },
    async (request, reply) => {
      const file = await exportPriceList(deps, request.query.format, today());
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/price-list/import',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Imports a CSV or XLSX price list: every line saved in one transaction, or nothing (admin)',
        description:
          'multipart/form-data: `file` (.csv or .xlsx, the export’s columns) and `validFrom` (YYYY-MM-DD, today ' +
          'or later: the day the imported prices apply from). Lines with a known code update that item, new ' +
          'codes or an empty code add the clinic’s own items. A bad file answers 400 `invalid_file` with ' +
          '`lines: [{line, message}]` listing every wrong line; 415 for another file type.',
        consumes: ['multipart/form-data'],
        response: { 200: priceListImportAnswer, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const form = await readUploadForm(request, {
        maxBytes: app.config.uploadMaxBytes,
        checkFileName: (name) => void priceListFileType(name),
      });
      if (!form.file) {
        throw new AppError(400, 'invalid_input', PRICE_LIST_MESSAGES.fileMissing, {
          fields: { file: PRICE_LIST_MESSAGES.fileMissing },
        });
      }
      const validFrom = priceDay.safeParse(form.fields['validFrom'] ?? '');
      if (!validFrom.success) {
        throw new AppError(400, 'invalid_input', PRICE_LIST_MESSAGES.date, {
          fields: { validFrom: PRICE_LIST_MESSAGES.date },
        });
      }
      const rows = await readPriceListRows(form.file);
      return importPriceList(deps, actorOf(request), rows, {
        validFrom: validFrom.data,
        today: today(),
        fileName: form.file.fileName,
      });
    },
  );

  app.get(
    '/api/price-list/vat-settings',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'The clinic’s VAT rates (basis points) and the exemption text printed on documents',
        response: { 200: vatSettings, ...errorResponses(401, 403) },
      },
    },
    async () => readVatSettings(app.db),
  );

  app.put(
    '/api/price-list/vat-settings',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Saves the VAT rates and the exemption text (admin)',
        description: '409 when `version` is stale or when a removed rate is still used by items.',
        body: vatSettingsUpdate,
        response: { 200: vatSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => saveVatSettings(deps, actorOf(request), request.body),
  );

  app.put(
    '/api/price-list/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Changes an item’s group, unit, VAT category and active flag (and own items’ name) (admin)',
        description:
          'Catalogue procedures keep the catalogue’s name. 409 when `version` is not the current one.',
        params: priceItemParams,
        body: priceItemUpdate,
        response: { 200: priceItem, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updatePriceItemDetails(deps, actorOf(request), request.params.id, request.body, today()),
  );

  app.post(
    '/api/price-list/:id/prices',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Sets a new price from a day, today or later (admin); earlier prices stay in the history',
        description:
          'Appends to the history: a second price for the same day wins over the first, and nothing earlier ' +
          'changes, so plans and charges made before keep their amounts.',
        params: priceItemParams,
        body: priceChange,
        response: { 201: priceItem, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const item = await addPrice(deps, actorOf(request), request.params.id, request.body, today());
      return reply.code(201).send(item);
    },
  );

  app.get(
    '/api/price-list/:id/prices',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'An item and its price history, newest first, with who set each price',
        params: priceItemParams,
        response: { 200: priceHistoryAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => readPriceHistory(deps, request.params.id, today()),
  );
};
