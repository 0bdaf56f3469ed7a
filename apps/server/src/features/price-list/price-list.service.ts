import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { catalogueEntryById, TREATMENT_CATALOGUE } from '@odonto/domain/catalogue';
import {
  PRICE_LIST_MESSAGES,
  type PriceHistoryAnswer,
  type PriceItem,
  type PriceListAnswer,
  type PriceItemCreateData,
  type PriceItemUpdate,
  type PriceChange,
} from '@odonto/domain/contracts/price-list';
import { MESSAGES } from '@odonto/domain/messages';
import {
  catalogueGroupLabel,
  catalogueItemCode,
  defaultUnitOf,
  nextCustomCode,
} from '@odonto/domain/price-list';
import { normalizeSearchText } from '@odonto/domain/text';
import type { Database, PriceItemRow } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  allPrices,
  findCatalogueIdsInList,
  findItemCodes,
  findPriceHistory,
  findPriceItem,
  findPriceItems,
  insertPriceItem,
  insertPriceItemsIfMissing,
  insertPrices,
  pricesOfItems,
  updatePriceItem,
} from './price-list.queries';
import { compareItems, toPriceItem } from './price-list.presenter';
import { readVatSettings } from './vat-settings.service';

export interface PriceListDeps {
  db: Kysely<Database>;
  now: () => Date;
}

// The catalogue is part of the code: once its rows exist in a database they stay, so one check per process
// and database is enough.
const ensured = new WeakSet<Kysely<Database>>();

/**
 * Gives every treatment catalogue procedure its price list item (code 'T-<id>', no price yet), inserting
 * only the missing ones; safe to run twice at once (decision 0019).
 */
export async function ensureCatalogueItems(deps: PriceListDeps): Promise<void> {
  if (ensured.has(deps.db)) return;
  const present = await findCatalogueIdsInList(deps.db);
  const at = deps.now().toISOString();
  const missing = TREATMENT_CATALOGUE.filter((entry) => !present.has(entry.id)).map((entry) => ({
    id: randomUUID(),
    code: catalogueItemCode(entry.id),
    catalogue_id: entry.id,
    name: entry.name,
    group_name: catalogueGroupLabel(entry.group),
    unit: defaultUnitOf(entry),
    vat_rate_bp: null,
    active: 1,
    created_at: at,
    updated_at: at,
    version: 1,
  }));
  if (missing.length > 0) await insertPriceItemsIfMissing(deps.db, missing);
  ensured.add(deps.db);
}

/** The whole list (inactive items too when asked), priced on `day`, sorted for the screen. */
export async function loadPriceList(
  deps: PriceListDeps,
  day: string,
  includeInactive: boolean,
): Promise<PriceItem[]> {
  await ensureCatalogueItems(deps);
  const rows = await findPriceItems(deps.db, { includeInactive });
  const prices = await allPrices(deps.db);
  return rows.map((row) => toPriceItem(row, prices.get(row.id) ?? [], day)).sort(compareItems);
}

/** GET /api/price-list: the items matching the search (name or code, any case and diacritics) and group. */
export async function listPriceList(
  deps: PriceListDeps,
  filters: { day: string; q?: string | undefined; group?: string | undefined; includeInactive: boolean },
): Promise<PriceListAnswer> {
  const items = await loadPriceList(deps, filters.day, filters.includeInactive);
  const needle = normalizeSearchText(filters.q ?? '');
  const group = filters.group ?? '';
  const groups = [...new Set(items.map((item) => item.group))].sort((a, b) => a.localeCompare(b, 'ro'));
  return {
    day: filters.day,
    groups,
    items: items.filter(
      (item) =>
        (group === '' || item.group === group) &&
        (needle === '' || normalizeSearchText(`${item.code} ${item.name}`).includes(needle)),
    ),
  };
}

/** 400 unless `day` is today or later: a new price never changes what earlier days were charged. */
export function assertNotPast(validFrom: string, today: string): void {
  if (validFrom < today) {
    throw new AppError(400, 'invalid_input', PRICE_LIST_MESSAGES.pastDate, {
      fields: { validFrom: PRICE_LIST_MESSAGES.pastDate },
    });
  }
}

/** 400 unless the rate is exempt (null) or one of the clinic's rates. */
export async function assertKnownRate(db: Kysely<Database>, vatRateBp: number | null): Promise<void> {
  if (vatRateBp === null) return;
  const { ratesBp } = await readVatSettings(db);
  if (!ratesBp.includes(vatRateBp)) {
    throw new AppError(400, 'invalid_input', PRICE_LIST_MESSAGES.unknownRate, {
      fields: { vatRateBp: PRICE_LIST_MESSAGES.unknownRate },
    });
  }
}

async function itemOr404(db: Kysely<Database>, id: string): Promise<PriceItemRow> {
  const row = await findPriceItem(db, id);
  if (!row) throw new AppError(404, 'not_found', PRICE_LIST_MESSAGES.itemNotFound);
  return row;
}

async function pricedItem(db: Kysely<Database>, id: string, day: string): Promise<PriceItem> {
  const row = await itemOr404(db, id);
  return toPriceItem(row, (await pricesOfItems(db, [id])).get(id) ?? [], day);
}

/** POST /api/price-list: one of the clinic's own items with its first price (409 when the code is taken). */
export async function createPriceItem(
  deps: PriceListDeps,
  actor: AuditActor,
  input: PriceItemCreateData,
  today: string,
): Promise<PriceItem> {
  assertNotPast(input.validFrom, today);
  await assertKnownRate(deps.db, input.vatRateBp);
  await ensureCatalogueItems(deps);
  const id = randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.now();
      const at = now.toISOString();
      const code = input.code === '' ? nextCustomCode(await findItemCodes(trx)) : input.code;
      await insertPriceItem(trx, {
        id,
        code,
        catalogue_id: null,
        name: input.name,
        group_name: input.group,
        unit: input.unit,
        vat_rate_bp: input.vatRateBp,
        active: input.active ? 1 : 0,
        created_at: at,
        updated_at: at,
        version: 1,
      });
      await insertPrices(trx, [
        {
          id: randomUUID(),
          price_item_id: id,
          amount_bani: input.amountBani,
          valid_from: input.validFrom,
          created_at: at,
          created_by: actor.userId,
        },
      ]);
      await writeAudit(trx, now, actor, {
        action: 'price_item_create',
        entity: 'price_item',
        entityId: id,
        details: { code, name: input.name, amountBani: input.amountBani, validFrom: input.validFrom },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'conflict', PRICE_LIST_MESSAGES.codeTaken, {
        fields: { code: PRICE_LIST_MESSAGES.codeTaken },
      });
    }
    throw error;
  }
  return pricedItem(deps.db, id, today);
}

/** PUT /api/price-list/:id: group, unit, VAT, active (and the name of the clinic's own items). */
export async function updatePriceItemDetails(
  deps: PriceListDeps,
  actor: AuditActor,
  id: string,
  input: PriceItemUpdate,
  today: string,
): Promise<PriceItem> {
  const row = await itemOr404(deps.db, id);
  const catalogueName = row.catalogue_id === null ? null : catalogueEntryById(row.catalogue_id)?.name;
  if (catalogueName != null && input.name !== undefined && input.name !== catalogueName) {
    throw new AppError(400, 'invalid_input', PRICE_LIST_MESSAGES.catalogueName, {
      fields: { name: PRICE_LIST_MESSAGES.catalogueName },
    });
  }
  if (input.vatRateBp !== row.vat_rate_bp) await assertKnownRate(deps.db, input.vatRateBp);
  if (row.version !== input.version) throw new AppError(409, 'conflict', MESSAGES.conflict);
  const change = {
    name: catalogueName == null && input.name !== undefined ? input.name : row.name,
    group_name: input.group,
    unit: input.unit,
    vat_rate_bp: input.vatRateBp,
    active: input.active ? 1 : 0,
  };
  const fields = (Object.keys(change) as (keyof typeof change)[]).filter((key) => change[key] !== row[key]);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    if (!(await updatePriceItem(trx, id, input.version, { ...change, updated_at: now.toISOString() }))) {
      throw new AppError(409, 'conflict', MESSAGES.conflict);
    }
    await writeAudit(trx, now, actor, {
      action: 'price_item_update',
      entity: 'price_item',
      entityId: id,
      details: { code: row.code, fields, version: input.version + 1 },
    });
  });
  return pricedItem(deps.db, id, today);
}

/** POST /api/price-list/:id/prices: appends a price from a day (today or later); the history is kept. */
export async function addPrice(
  deps: PriceListDeps,
  actor: AuditActor,
  id: string,
  input: PriceChange,
  today: string,
): Promise<PriceItem> {
  const row = await itemOr404(deps.db, id);
  assertNotPast(input.validFrom, today);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    await insertPrices(trx, [
      {
        id: randomUUID(),
        price_item_id: id,
        amount_bani: input.amountBani,
        valid_from: input.validFrom,
        created_at: now.toISOString(),
        created_by: actor.userId,
      },
    ]);
    await writeAudit(trx, now, actor, {
      action: 'price_item_price',
      entity: 'price_item',
      entityId: id,
      details: { code: row.code, amountBani: input.amountBani, validFrom: input.validFrom },
    });
  });
  return pricedItem(deps.db, id, today);
}

/** GET /api/price-list/:id/prices: the item and its price history, newest first, with who set each. */
export async function readPriceHistory(
  deps: PriceListDeps,
  id: string,
  today: string,
): Promise<PriceHistoryAnswer> {
  const item = await pricedItem(deps.db, id, today);
  const rows = await findPriceHistory(deps.db, id);
  return {
    item,
    prices: rows.map((row) => ({
      id: row.id,
      amountBani: row.amount_bani,
      validFrom: row.valid_from,
      createdAt: row.created_at,
      createdByName: row.created_by_name,
    })),
  };
}
