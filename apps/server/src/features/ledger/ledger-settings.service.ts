import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  LEDGER_MESSAGES,
  type commissionRateRequest,
  type LedgerSettings,
  type receiptSeriesRequest,
} from '@odonto/domain/contracts/ledger';
import { MESSAGES } from '@odonto/domain/messages';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { findPriceItem } from '../price-list/price-list.queries';
import { parseLedgerSettings } from './ledger-rows';
import {
  findCommissionRates,
  findDoctor,
  findSameRate,
  insertCommissionRate,
  readLedgerSettingsText,
  swapLedgerSettingsText,
} from './ledger.queries';
import type { LedgerDeps } from './ledger.service';

/** GET /api/cont-setari: the receipt series and every commission rate. */
export async function readSettings(db: Kysely<Database>): Promise<LedgerSettings> {
  const stored = parseLedgerSettings(await readLedgerSettingsText(db));
  const rates = await findCommissionRates(db);
  return {
    receiptSeries: stored.receiptSeries,
    version: stored.version,
    commissionRates: rates.map((row) => ({
      id: row.id,
      doctorId: row.doctor_id,
      doctorName: row.doctor_name,
      priceItemId: row.price_item_id,
      priceItemName: row.price_item_name,
      rateBp: row.rate_bp,
      validFrom: row.valid_from,
      createdAt: row.created_at,
    })),
  };
}

/**
 * PUT /api/cont-setari/serie: the series of the next cash receipts (409 when `version` is stale). Each
 * series has its own counter, so a series used before continues where it stopped.
 */
export async function saveReceiptSeries(
  deps: LedgerDeps,
  actor: AuditActor,
  body: z.output<typeof receiptSeriesRequest>,
): Promise<LedgerSettings> {
  const previous = await readLedgerSettingsText(deps.db);
  const stored = parseLedgerSettings(previous);
  if (stored.version !== body.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const value = toJsonText({ receiptSeries: body.receiptSeries, version: stored.version + 1 });
    if (!(await swapLedgerSettingsText(trx, previous, value, now.toISOString()))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, now, actor, {
      action: 'ledger_settings_update',
      entity: 'settings',
      entityId: 'ledger',
      details: { receiptSeries: { from: stored.receiptSeries, to: body.receiptSeries } },
    });
  });
  return readSettings(deps.db);
}

/** POST /api/cont-setari/comisioane: a doctor's rate from a day on (general, or for one price-list item). */
export async function addCommissionRate(
  deps: LedgerDeps,
  actor: AuditActor,
  body: z.output<typeof commissionRateRequest>,
): Promise<LedgerSettings> {
  if (!(await findDoctor(deps.db, body.doctorId))) {
    throw new AppError(400, 'invalid_input', LEDGER_MESSAGES.doctorNotFound, {
      fields: { doctorId: LEDGER_MESSAGES.doctorNotFound },
    });
  }
  if (body.priceItemId !== null && !(await findPriceItem(deps.db, body.priceItemId))) {
    throw new AppError(400, 'invalid_input', LEDGER_MESSAGES.priceItemNotFound, {
      fields: { priceItemId: LEDGER_MESSAGES.priceItemNotFound },
    });
  }
  const row = {
    id: randomUUID(),
    doctor_id: body.doctorId,
    price_item_id: body.priceItemId,
    rate_bp: body.rateBp,
    valid_from: body.validFrom,
    created_by: actor.userId,
    created_at: deps.now().toISOString(),
  };
  if (await findSameRate(deps.db, row)) throw new AppError(409, 'conflict', LEDGER_MESSAGES.rateDuplicate);
  await deps.db.transaction().execute(async (trx) => {
    await insertCommissionRate(trx, row);
    await writeAudit(trx, deps.now(), actor, {
      action: 'commission_rate_create',
      entity: 'commission_rate',
      entityId: row.id,
      details: {
        doctorId: row.doctor_id,
        priceItemId: row.price_item_id,
        rateBp: row.rate_bp,
        validFrom: row.valid_from,
      },
    });
  });
  return readSettings(deps.db);
}
