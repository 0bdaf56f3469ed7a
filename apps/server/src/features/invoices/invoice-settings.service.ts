import type { Kysely } from 'kysely';
import {
  DEFAULT_INVOICE_SERIES,
  INVOICE_MESSAGES,
  type InvoiceSettings,
  type invoiceSettingsUpdate,
} from '@odonto/domain/contracts/invoices';
import { MESSAGES } from '@odonto/domain/messages';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { InvoicesDeps } from './invoices.service';
import {
  countInSeries,
  lastNumberOf,
  readInvoiceSettingsText,
  setSeriesStart,
  swapInvoiceSettingsText,
} from './invoices.queries';

interface StoredSettings {
  invoiceSeries: string;
  invoiceStart: number;
  creditNoteSeries: string;
  creditNoteStart: number;
  version: number;
}

const DEFAULTS: StoredSettings = {
  ...DEFAULT_INVOICE_SERIES,
  invoiceStart: 1,
  creditNoteStart: 1,
  version: 0,
};

function parseStored(text: string | null): StoredSettings {
  if (text === null) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(text) as Partial<StoredSettings>) };
  } catch {
    return DEFAULTS;
  }
}

/** The series in force (the defaults until an admin saves them). */
export async function readInvoiceSettings(db: Kysely<Database>): Promise<StoredSettings> {
  return parseStored(await readInvoiceSettingsText(db));
}

/** GET /api/facturi-setari: the series, their starts and the next number of each. */
export async function readInvoiceSettingsAnswer(db: Kysely<Database>): Promise<InvoiceSettings> {
  const stored = await readInvoiceSettings(db);
  const next = async (series: string, start: number) => Math.max(start, (await lastNumberOf(db, series)) + 1);
  return {
    ...stored,
    nextInvoiceNumber: await next(stored.invoiceSeries, stored.invoiceStart),
    nextCreditNoteNumber: await next(stored.creditNoteSeries, stored.creditNoteStart),
  };
}

/**
 * PUT /api/facturi-setari: sets the series and where an unused one starts. A series that already numbered
 * documents keeps its numbering (409 for another start): a jump would leave a gap.
 */
export async function saveInvoiceSettings(
  deps: InvoicesDeps,
  actor: AuditActor,
  input: z.output<typeof invoiceSettingsUpdate>,
): Promise<InvoiceSettings> {
  const text = await readInvoiceSettingsText(deps.db);
  const stored = parseStored(text);
  if (stored.version !== input.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  await deps.db.transaction().execute(async (trx) => {
    const starts = new Map<string, number>();
    for (const [series, start] of [
      [input.invoiceSeries, input.invoiceStart],
      [input.creditNoteSeries, input.creditNoteStart],
    ] as const) {
      if (starts.has(series) && starts.get(series) !== start) {
        throw new AppError(400, 'invalid_input', INVOICE_MESSAGES.startNumber);
      }
      starts.set(series, start);
    }
    for (const [series, start] of starts) {
      if ((await countInSeries(trx, series)) > 0) {
        const next = (await lastNumberOf(trx, series)) + 1;
        const previousStart =
          series === stored.invoiceSeries
            ? stored.invoiceStart
            : series === stored.creditNoteSeries
              ? stored.creditNoteStart
              : null;
        if (start !== previousStart && start !== next) {
          throw new AppError(409, 'conflict', INVOICE_MESSAGES.seriesInUse);
        }
        continue;
      }
      await setSeriesStart(trx, series, start);
    }
    const at = deps.now();
    const next: StoredSettings = {
      invoiceSeries: input.invoiceSeries,
      invoiceStart: input.invoiceStart,
      creditNoteSeries: input.creditNoteSeries,
      creditNoteStart: input.creditNoteStart,
      version: stored.version + 1,
    };
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
