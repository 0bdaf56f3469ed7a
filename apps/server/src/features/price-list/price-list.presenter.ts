import { catalogueEntryById, TREATMENT_CATALOGUE } from '@odonto/domain/catalogue';
import type { PriceItem } from '@odonto/domain/contracts/price-list';
import { nextPriceAfter, priceOn, type PriceUnit } from '@odonto/domain/price-list';
import type { PriceItemPriceRow, PriceItemRow } from '../../db/database';
import { toVersion } from './price-list.queries';

const CATALOGUE_ORDER = new Map(TREATMENT_CATALOGUE.map((entry, index) => [entry.id, index]));

/** Catalogue procedures in the treatment dropdown's order, then the clinic's own items by group and name. */
export function compareItems(a: PriceItem, b: PriceItem): number {
  const orderA = a.catalogueId === null ? undefined : CATALOGUE_ORDER.get(a.catalogueId);
  const orderB = b.catalogueId === null ? undefined : CATALOGUE_ORDER.get(b.catalogueId);
  if (orderA !== undefined || orderB !== undefined) {
    return (orderA ?? Number.MAX_SAFE_INTEGER) - (orderB ?? Number.MAX_SAFE_INTEGER);
  }
  return a.group.localeCompare(b.group, 'ro') || a.name.localeCompare(b.name, 'ro');
}

/** A stored item with its price on `day` and its next scheduled change. */
export function toPriceItem(row: PriceItemRow, prices: readonly PriceItemPriceRow[], day: string): PriceItem {
  const history = prices.map(toVersion);
  const current = priceOn(history, day);
  const next = nextPriceAfter(history, day);
  return {
    id: row.id,
    code: row.code,
    catalogueId: row.catalogue_id,
    name: row.catalogue_id === null ? row.name : (catalogueEntryById(row.catalogue_id)?.name ?? row.name),
    group: row.group_name,
    unit: row.unit as PriceUnit,
    vatRateBp: row.vat_rate_bp,
    active: row.active === 1,
    price: current ? { amountBani: current.amountBani, validFrom: current.validFrom } : null,
    nextPrice: next ? { amountBani: next.amountBani, validFrom: next.validFrom } : null,
    version: row.version,
    updatedAt: row.updated_at,
  };
}
