import type { Kysely } from 'kysely';
import {
  DEFAULT_INVOICE_SERIES,
  INVOICE_MESSAGES,
  type InvoiceSettings,
  type invoiceSettingsUpdate,
} from '@odonto/domain/contracts/invoices';
import {
  conflictingStart,
  seriesStarts,
  seriesUses,
  type LocationSeriesPair,
  type SeriesPair,
} from '@odonto/domain/invoice-series';
import { MESSAGES } from '@odonto/domain/messages';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findLocations } from '../locations/locations.queries';
import type { InvoicesDeps } from './invoices.service';
import {
  countInSeries,
  lastNumberOf,
  readInvoiceSettingsText,
  setSeriesStart,
  swapInvoiceSettingsText,
} from './invoices.queries';

interface StoredSettings extends SeriesPair {
  /** The locations with series of their own (issue 14); none: every document takes the clinic's. */
  locations: LocationSeriesPair[];
  version: number;
}

const DEFAULTS: StoredSettings = {
  ...DEFAULT_INVOICE_SERIES,
  invoiceStart: 1,
  creditNoteStart: 1,
  locations: [],
  version: 0,
};

function parseStored(text: string | null): StoredSettings {
  if (text === null) return DEFAULTS;
  try {
    const parsed = { ...DEFAULTS, ...(JSON.parse(text) as Partial<StoredSettings>) };
    return { ...parsed, locations: Array.isArray(parsed.locations) ? parsed.locations : [] };
  } catch {
    return DEFAULTS;
  }
}

/** The series in force (the defaults until an admin saves them). */
export async function readInvoiceSettings(db: Kysely<Database>): Promise<StoredSettings> {
  return parseStored(await readInvoiceSettingsText(db));
}

/** GET /api/facturi-setari: the series, their starts and the next number of each, the clinic's and by location. */
export async function readInvoiceSettingsAnswer(db: Kysely<Database>): Promise<InvoiceSettings> {
  const stored = await readInvoiceSettings(db);
  const next = async (series: string, start: number) => Math.max(start, (await lastNumberOf(db, series)) + 1);
  const locations = [];
  for (const pair of stored.locations) {
    locations.push({
      locationId: pair.locationId,
      invoiceSeries: pair.invoiceSeries,
      invoiceStart: pair.invoiceStart,
      creditNoteSeries: pair.creditNoteSeries,
      creditNoteStart: pair.creditNoteStart,
      nextInvoiceNumber: await next(pair.invoiceSeries, pair.invoiceStart),
      nextCreditNoteNumber: await next(pair.creditNoteSeries, pair.creditNoteStart),
    });
  }
  return {
    invoiceSeries: stored.invoiceSeries,
    invoiceStart: stored.invoiceStart,
    creditNoteSeries: stored.creditNoteSeries,
    creditNoteStart: stored.creditNoteStart,
    nextInvoiceNumber: await next(stored.invoiceSeries, stored.invoiceStart),
    nextCreditNoteNumber: await next(stored.creditNoteSeries, stored.creditNoteStart),
    locations,
    version: stored.version,
  };
}

const pairOf = (pair: SeriesPair): SeriesPair => ({
  invoiceSeries: pair.invoiceSeries,
  invoiceStart: pair.invoiceStart,
  creditNoteSeries: pair.creditNoteSeries,
  creditNoteStart: pair.creditNoteStart,
});

/** 422 on the first location of the update that does not exist (closed ones keep their series: old charges). */
async function checkLocations(db: Kysely<Database>, pairs: readonly LocationSeriesPair[]): Promise<void> {
  const known = new Set((await findLocations(db)).map((place) => place.id));
  const unknown = pairs.findIndex((pair) => !known.has(pair.locationId));
  if (unknown >= 0) {
    throw new AppError(422, 'unprocessable', INVOICE_MESSAGES.locationUnknown, {
      fields: { [`locations.${unknown}.locationId`]: INVOICE_MESSAGES.locationUnknown },
    });
  }
}

/**
 * PUT /api/facturi-setari: sets the series and where an unused one starts, the clinic's and (when sent) the
 * locations' own. A series is one numbering wherever it is used, so it has one start (422 for two); a series
 * that already numbered documents keeps its numbering (409 for another start): a jump would leave a gap.
 */
export async function saveInvoiceSettings(
  deps: InvoicesDeps,
  actor: AuditActor,
  input: z.output<typeof invoiceSettingsUpdate>,
): Promise<InvoiceSettings> {
  const text = await readInvoiceSettingsText(deps.db);
  const stored = parseStored(text);
  if (stored.version !== input.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const locations: LocationSeriesPair[] = (input.locations ?? stored.locations).map((pair) => ({
    locationId: pair.locationId,
    ...pairOf(pair),
  }));
  if (input.locations) await checkLocations(deps.db, locations);
  const uses = seriesUses(input, locations);
  const conflict = conflictingStart(uses);
  if (conflict) {
    const sent = input.locations !== undefined || !conflict.field.startsWith('locations.');
    throw new AppError(422, 'unprocessable', INVOICE_MESSAGES.seriesStartShared, {
      ...(sent ? { fields: { [conflict.field]: INVOICE_MESSAGES.seriesStartShared } } : {}),
    });
  }
  const previousStarts = seriesUses(stored, stored.locations);
  await deps.db.transaction().execute(async (trx) => {
    for (const [series, start] of seriesStarts(uses)) {
      if ((await countInSeries(trx, series)) > 0) {
        const next = (await lastNumberOf(trx, series)) + 1;
        const kept = previousStarts.some((use) => use.series === series && use.start === start);
        if (!kept && start !== next) {
          throw new AppError(409, 'conflict', INVOICE_MESSAGES.seriesInUse);
        }
        continue;
      }
      await setSeriesStart(trx, series, start);
    }
    const at = deps.now();
    const next: StoredSettings = { ...pairOf(input), locations, version: stored.version + 1 };
    if (!(await swapInvoiceSettingsText(trx, text, JSON.stringify(next), at.toISOString()))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, at, actor, {
      action: 'invoice_settings_update',
      entity: 'settings',
      entityId: 'invoices',
      details: { ...next },
    });
  });
  return readInvoiceSettingsAnswer(deps.db);
}
