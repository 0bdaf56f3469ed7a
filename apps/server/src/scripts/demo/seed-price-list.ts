import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toIsoDay } from '@odonto/domain/dates';
import { catalogueItemCode } from '@odonto/domain/price-list';
import type { Database, NewPriceItemPriceRow } from '../../db/database';
import {
  findPriceItems,
  insertPriceItem,
  insertPrices,
  updatePriceItem,
} from '../../features/price-list/price-list.queries';
import { ensureCatalogueItems } from '../../features/price-list/price-list.service';
import { DEMO_USERS } from '../demo-users';

/**
 * The demo clinic's price list (issue 12): what a city clinic in Brașov asks in 2026, in lei, VAT included
 * where it applies (whitening is not medical care: 21 %). Amalgam fillings are inactive (banned in the EU
 * since 2025). A few prices went up three months ago and two changes are scheduled for next month, so the
 * history and the "next price" show on the screen.
 */
// prettier-ignore
const LEI_BY_CATALOGUE_ID: Readonly<Record<number, number>> = {
  101: 150, 102: 100, 103: 200, 104: 50,
  201: 250, 202: 150, 203: 200, 204: 100, 205: 150, 206: 80,
  301: 300, 302: 380, 303: 450, 304: 500, 305: 200, 306: 250, 307: 150, 308: 200, 309: 100, 310: 120,
  311: 1500, 312: 550,
  1: 1200, 1.1: 1400, 1.2: 1800, 1.3: 2200, 1.4: 2000, 1.5: 800, 1.6: 250, 1.7: 1700, 1.8: 2300, 1.9: 350,
  0.1: 1200, 0.2: 1900, 0.3: 2100, 0.4: 250, 0.5: 1700, 0.6: 2300, 0.7: 1500, 0.8: 900,
  3: 350, 601: 150, 602: 100, 603: 200, 604: 800, 605: 600, 606: 700, 607: 500,
  4: 4000, 701: 400, 702: 900, 703: 1500, 704: 2000, 705: 4500, 706: 2500, 707: 1200, 708: 500,
  5: 600, 5.1: 800, 5.2: 1200, 5.3: 800, 5.4: 1500, 5.5: 300, 5.6: 350, 5.7: 200, 5.8: 100, 5.9: 500, 6: 1000,
  901: 150, 902: 600, 903: 300, 904: 400, 905: 800, 906: 2000, 907: 600,
  1001: 500, 1002: 2500, 1003: 2000, 1004: 3500, 1005: 5500, 1006: 8000, 1007: 500, 1008: 300, 1009: 800,
  1101: 200, 1102: 4000, 1103: 5000, 1104: 1800, 1105: 7000, 1106: 200, 1107: 500, 1108: 400,
  1201: 50, 1202: 120, 1203: 350, 1204: 60, 1205: 120,
  1301: 120, 1302: 150, 1303: 200, 1304: 250, 1305: 120, 1306: 100, 1307: 600,
  1401: 1500, 1402: 1000, 1403: 2500, 1404: 800,
};

/** Raised three months ago (the earlier price was about 10 % lower). */
const RAISED_IDS = [1, 1.2, 1.3, 4, 5, 5.1, 5.2, 3, 1202, 1203];
/** Scheduled for next month: the new amount in lei. */
const SCHEDULED_LEI: Readonly<Record<number, number>> = { 101: 170, 201: 280 };
/** Taxed at 21 %: whitening. */
const TAXED_IDS = [1401, 1402];
/** No longer done. */
const INACTIVE_IDS = [307, 308];

const OWN_ITEMS = [
  { name: 'Kit igienă orală (periuță, pastă, ață)', group: 'Produse', lei: 45, vatRateBp: 2100 },
  { name: 'Set periuțe interdentare', group: 'Produse', lei: 35, vatRateBp: 2100 },
  { name: 'Gutieră suplimentară pentru albire', group: 'Estetică dentară', lei: 250, vatRateBp: 2100 },
  { name: 'Adeverință medicală stomatologică', group: 'Acte', lei: 50, vatRateBp: null },
] as const;

const DAY_MS = 86_400_000;

function tenLeiBelow(lei: number): number {
  return Math.round((lei * 0.9) / 10) * 10;
}

/** Fills the price list once (nothing when it already has prices); answers how many prices it wrote. */
export async function seedPriceList(db: Kysely<Database>, now: Date): Promise<number> {
  if (await db.selectFrom('price_item_prices').select('id').limit(1).executeTakeFirst()) return 0;
  await ensureCatalogueItems({ db, now: () => now });
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USERS.admin.email)
    .executeTakeFirst();
  const createdBy = admin?.id ?? null;
  const day = (offsetDays: number) => toIsoDay(now.getTime() + offsetDays * DAY_MS);
  const at = (offsetDays: number) => new Date(now.getTime() + Math.min(offsetDays, 0) * DAY_MS).toISOString();
  const price = (itemId: string, lei: number, offsetDays: number): NewPriceItemPriceRow => ({
    id: randomUUID(),
    price_item_id: itemId,
    amount_bani: lei * 100,
    valid_from: day(offsetDays),
    created_at: at(offsetDays),
    created_by: createdBy,
  });

  const items = await findPriceItems(db, { includeInactive: true });
  const byCode = new Map(items.map((item) => [item.code, item]));
  const prices: NewPriceItemPriceRow[] = [];
  for (const [id, lei] of Object.entries(LEI_BY_CATALOGUE_ID)) {
    const catalogueId = Number(id);
    const item = byCode.get(catalogueItemCode(catalogueId));
    if (!item) continue;
    if (RAISED_IDS.includes(catalogueId)) {
      prices.push(price(item.id, tenLeiBelow(lei), -400), price(item.id, lei, -90));
    } else {
      prices.push(price(item.id, lei, -400));
    }
    const scheduled = SCHEDULED_LEI[catalogueId];
    if (scheduled !== undefined)
      prices.push({ ...price(item.id, scheduled, 30), created_at: now.toISOString() });
    const isTaxed = TAXED_IDS.includes(catalogueId);
    const isInactive = INACTIVE_IDS.includes(catalogueId);
    if (isTaxed || isInactive) {
      await updatePriceItem(db, item.id, item.version, {
        vat_rate_bp: isTaxed ? 2100 : null,
        active: isInactive ? 0 : 1,
        updated_at: at(-400),
      });
    }
  }
  for (const [index, own] of OWN_ITEMS.entries()) {
    const id = randomUUID();
    await insertPriceItem(db, {
      id,
      code: `P-${String(index + 1).padStart(4, '0')}`,
      catalogue_id: null,
      name: own.name,
      group_name: own.group,
      unit: 'vizita',
      vat_rate_bp: own.vatRateBp,
      active: 1,
      created_at: at(-400),
      updated_at: at(-400),
      version: 1,
    });
    prices.push(price(id, own.lei, -400));
  }
  await insertPrices(db, prices);
  return prices.length;
}
