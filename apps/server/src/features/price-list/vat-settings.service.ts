import type { Kysely } from 'kysely';
import {
  DEFAULT_VAT_SETTINGS,
  PRICE_LIST_MESSAGES,
  vatSettings,
  type VatSettings,
  type VatSettingsUpdate,
} from '@odonto/domain/contracts/price-list';
import { MESSAGES } from '@odonto/domain/messages';
import { formatPercent } from '@odonto/domain/money';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { countItemsWithRate, readVatText, swapVatText } from './price-list.queries';

interface StoredVat {
  text: string | null;
  settings: VatSettings;
}

async function readStored(db: Kysely<Database>): Promise<StoredVat> {
  const text = await readVatText(db);
  if (text === null) return { text, settings: DEFAULT_VAT_SETTINGS };
  try {
    const parsed = vatSettings.safeParse(JSON.parse(text));
    // An unreadable row is replaced by the next save (its text is still what the swap compares).
    return { text, settings: parsed.success ? parsed.data : DEFAULT_VAT_SETTINGS };
  } catch {
    return { text, settings: DEFAULT_VAT_SETTINGS };
  }
}

/** The clinic's VAT rates and exemption text; the defaults until an admin saves them. */
export async function readVatSettings(db: Kysely<Database>): Promise<VatSettings> {
  return (await readStored(db)).settings;
}

/**
 * PUT /api/price-list/vat-settings: saves the rates and the exemption text at `version` (else 409). A rate
 * that items use cannot be removed (409): those items would be taxed at a rate the clinic no longer has.
 */
export async function saveVatSettings(
  deps: { db: Kysely<Database>; now: () => Date },
  actor: AuditActor,
  input: VatSettingsUpdate,
): Promise<VatSettings> {
  const stored = await readStored(deps.db);
  if (stored.settings.version !== input.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const removed = stored.settings.ratesBp.filter((rate) => !input.ratesBp.includes(rate));
  return deps.db.transaction().execute(async (trx) => {
    for (const rate of removed) {
      if ((await countItemsWithRate(trx, rate)) > 0) {
        const message = PRICE_LIST_MESSAGES.rateInUse(formatPercent(rate));
        throw new AppError(409, 'conflict', message, { fields: { ratesBp: message } });
      }
    }
    const next: VatSettings = {
      ratesBp: [...input.ratesBp].sort((a, b) => b - a),
      exemptionText: input.exemptionText,
      version: stored.settings.version + 1,
    };
    const now = deps.now();
    if (!(await swapVatText(trx, stored.text, toJsonText(next), now.toISOString()))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, now, actor, {
      action: 'vat_settings_update',
      entity: 'settings',
      entityId: 'vat',
      details: { ratesBp: next.ratesBp, removed, version: next.version },
    });
    return next;
  });
}
