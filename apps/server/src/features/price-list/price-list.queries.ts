import type { Kysely } from 'kysely';
import { priceOn, type PriceUnit } from '@odonto/domain/price-list';
import type {
  Database,
  NewPriceItemPriceRow,
  NewPriceItemRow,
  PriceItemPriceRow,
  PriceItemRow,
  PriceItemsTable,
} from '../../db/database';
import { readSettingText, swapSettingText } from '../../db/settings.queries';

/**
 * The price list's SQL (issue 12). Published to other features (treatment plans, billing): findPricesOn and
 * findPriceForCatalogue, which answer the price that applied on a day.
 */

/** An item with the price that applies on a day (amountBani null: it has none yet). */
export interface PricedItem {
  id: string;
  code: string;
  name: string;
  unit: PriceUnit;
  catalogueId: number | null;
  /** Null: exempt from VAT. */
  vatRateBp: number | null;
  amountBani: number | null;
}

// SQLite and PostgreSQL both accept far more, but a bounded IN list keeps every statement small.
const IN_CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < values.length; start += IN_CHUNK)
    parts.push(values.slice(start, start + IN_CHUNK));
  return parts;
}

/** The prices in force on `day` of the given items, by item id (unknown ids are left out). */
export async function findPricesOn(
  db: Kysely<Database>,
  itemIds: readonly string[],
  day: string,
): Promise<Map<string, PricedItem>> {
  const result = new Map<string, PricedItem>();
  const unique = [...new Set(itemIds)];
  for (const part of chunks(unique)) {
    const items = await db.selectFrom('price_items').selectAll().where('id', 'in', part).execute();
    const prices = await pricesOfItems(db, part, day);
    for (const item of items) result.set(item.id, pricedItem(item, prices.get(item.id) ?? [], day));
  }
  return result;
}

/** The price list item of a catalogue procedure with its price on `day`, or null when it has none. */
export async function findPriceForCatalogue(
  db: Kysely<Database>,
  catalogueId: number,
  day: string,
): Promise<PricedItem | null> {
  const item = await db
    .selectFrom('price_items')
    .selectAll()
    .where('catalogue_id', '=', catalogueId)
    .executeTakeFirst();
  if (!item) return null;
  const prices = await pricesOfItems(db, [item.id], day);
  return pricedItem(item, prices.get(item.id) ?? [], day);
}

function pricedItem(item: PriceItemRow, prices: readonly PriceItemPriceRow[], day: string): PricedItem {
  const price = priceOn(prices.map(toVersion), day);
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    unit: item.unit as PriceUnit,
    catalogueId: item.catalogue_id,
    vatRateBp: item.vat_rate_bp,
    amountBani: price?.amountBani ?? null,
  };
}

/** A stored price row in the shape of the domain's price rules. */
export function toVersion(row: PriceItemPriceRow): PriceItemPriceRow & {
  amountBani: number;
  validFrom: string;
  createdAt: string;
} {
  return { ...row, amountBani: row.amount_bani, validFrom: row.valid_from, createdAt: row.created_at };
}

/** The price rows of the items (those up to `until` when given), by item id. */
export async function pricesOfItems(
  db: Kysely<Database>,
  itemIds: readonly string[],
  until?: string,
): Promise<Map<string, PriceItemPriceRow[]>> {
  const byItem = new Map<string, PriceItemPriceRow[]>();
  for (const part of chunks(itemIds)) {
    let query = db.selectFrom('price_item_prices').selectAll().where('price_item_id', 'in', part);
    if (until !== undefined) query = query.where('valid_from', '<=', until);
    for (const row of await query.execute()) {
      const list = byItem.get(row.price_item_id) ?? [];
      list.push(row);
      byItem.set(row.price_item_id, list);
    }
  }
  return byItem;
}

/** Every price row of the list, by item id (the whole list's screen and export). */
export async function allPrices(db: Kysely<Database>): Promise<Map<string, PriceItemPriceRow[]>> {
  const byItem = new Map<string, PriceItemPriceRow[]>();
  for (const row of await db.selectFrom('price_item_prices').selectAll().execute()) {
    const list = byItem.get(row.price_item_id) ?? [];
    list.push(row);
    byItem.set(row.price_item_id, list);
  }
  return byItem;
}

/** Every item of the list, catalogue order kept by the caller; inactive ones only when asked for. */
export async function findPriceItems(
  db: Kysely<Database>,
  options: { includeInactive: boolean },
): Promise<PriceItemRow[]> {
  let query = db.selectFrom('price_items').selectAll();
  if (!options.includeInactive) query = query.where('active', '=', 1);
  return query.orderBy('code').execute();
}

export async function findPriceItem(db: Kysely<Database>, id: string): Promise<PriceItemRow | null> {
  return (await db.selectFrom('price_items').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The catalogue ids that already have an item. */
export async function findCatalogueIdsInList(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('price_items')
    .select('catalogue_id')
    .where('catalogue_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => Number(row.catalogue_id)));
}

/** Every code in use. */
export async function findItemCodes(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('price_items').select('code').execute()).map((row) => row.code);
}

/** Inserts items, skipping any whose code or catalogue id is already there (two first uses at once). */
export async function insertPriceItemsIfMissing(
  db: Kysely<Database>,
  rows: NewPriceItemRow[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('price_items')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function insertPriceItem(db: Kysely<Database>, row: NewPriceItemRow): Promise<void> {
  await db.insertInto('price_items').values(row).execute();
}

type ItemChange = Partial<
  Pick<PriceItemsTable, 'name' | 'group_name' | 'unit' | 'vat_rate_bp' | 'active' | 'updated_at'>
>;

/** Applies the change only at `version` (and bumps it); false when the item was changed meanwhile. */
export async function updatePriceItem(
  db: Kysely<Database>,
  id: string,
  version: number,
  change: ItemChange,
): Promise<boolean> {
  const result = await db
    .updateTable('price_items')
    .set({ ...change, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPrices(db: Kysely<Database>, rows: NewPriceItemPriceRow[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('price_item_prices').values(part).execute();
}

/** An item's price rows, newest first, with the name of who set each. */
export async function findPriceHistory(
  db: Kysely<Database>,
  itemId: string,
): Promise<(PriceItemPriceRow & { created_by_name: string | null })[]> {
  return db
    .selectFrom('price_item_prices')
    .leftJoin('users', 'users.id', 'price_item_prices.created_by')
    .selectAll('price_item_prices')
    .select('users.nume as created_by_name')
    .where('price_item_id', '=', itemId)
    .orderBy('valid_from', 'desc')
    .orderBy('price_item_prices.created_at', 'desc')
    .execute();
}

/** How many items are taxed at the rate. */
export async function countItemsWithRate(db: Kysely<Database>, rateBp: number): Promise<number> {
  const row = await db
    .selectFrom('price_items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('vat_rate_bp', '=', rateBp)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const VAT_KEY = 'vat';

/** The JSON text of the VAT settings, or null while no admin has saved them. */
export async function readVatText(db: Kysely<Database>): Promise<string | null> {
  return readSettingText(db, VAT_KEY);
}

/** Replaces the VAT settings only if they are still `previous` (null: never saved); false otherwise. */
export async function swapVatText(
  db: Kysely<Database>,
  previous: string | null,
  value: string,
  at: string,
): Promise<boolean> {
  return swapSettingText(db, VAT_KEY, previous, value, at);
}
