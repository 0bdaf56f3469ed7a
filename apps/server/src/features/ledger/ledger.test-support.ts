import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** A price-list item with one price from `validFrom` (the ledger tests' manual charges use it). */
export async function insertPricedItem(
  db: Kysely<Database>,
  options: {
    name: string;
    amountBani: number;
    validFrom?: string;
    vatRateBp?: number | null;
    catalogueId?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('price_items')
    .values({
      id,
      code: `P-${id.slice(0, 8).toUpperCase()}`,
      catalogue_id: options.catalogueId ?? null,
      name: options.name,
      group_name: 'Diverse',
      unit: 'dinte',
      vat_rate_bp: options.vatRateBp ?? null,
      active: 1,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  await db
    .insertInto('price_item_prices')
    .values({
      id: randomUUID(),
      price_item_id: id,
      amount_bani: options.amountBani,
      valid_from: options.validFrom ?? '2026-01-01',
      created_at: at,
      created_by: null,
    })
    .execute();
  return id;
}
