import type { Kysely } from 'kysely';
import { PLAN_MESSAGES, type PlanAlternativeInput } from '@odonto/domain/contracts/plans';
import type { Database } from '../../db/database';
import { AppError } from '../../plugins/errors';
import { findPricesOn } from '../price-list/price-list.queries';

function invalid(path: string, message: string): AppError {
  return new AppError(400, 'invalid_input', message, { fields: { [path]: message } });
}

/**
 * Fills each item's list price and VAT from the price list on the plan's day (`priceDay`, the day the plan
 * was created): an item already in the plan with the same price-list item keeps the list price it was given
 * then, so a later price change never alters a plan. A unit price that differs from the list price needs a
 * reason (400); an unknown price-list item is refused (400).
 */
export async function priceAlternatives(
  db: Kysely<Database>,
  alternatives: readonly PlanAlternativeInput[],
  priceDay: string,
  previous: readonly PlanAlternativeInput[],
): Promise<PlanAlternativeInput[]> {
  const before = new Map<
    string,
    { priceItemId: string | null; listPriceBani: number | null; vatRateBp: number | null }
  >();
  for (const alternative of previous) {
    for (const item of alternative.phases.flatMap((phase) => phase.items)) {
      before.set(`${alternative.label}/${item.id}`, item);
    }
  }
  const wanted = alternatives.flatMap((alternative) =>
    alternative.phases.flatMap((phase) =>
      phase.items.flatMap((item) => {
        const kept = before.get(`${alternative.label}/${item.id}`);
        return item.priceItemId !== null && kept?.priceItemId !== item.priceItemId ? [item.priceItemId] : [];
      }),
    ),
  );
  const prices = await findPricesOn(db, wanted, priceDay);
  return alternatives.map((alternative, a) => ({
    ...alternative,
    phases: alternative.phases.map((phase, p) => ({
      ...phase,
      items: phase.items.map((item, i) => {
        const path = `alternatives.${a}.phases.${p}.items.${i}`;
        let listPriceBani: number | null = null;
        let vatRateBp = item.vatRateBp;
        if (item.priceItemId !== null) {
          const kept = before.get(`${alternative.label}/${item.id}`);
          if (kept && kept.priceItemId === item.priceItemId) {
            listPriceBani = kept.listPriceBani;
            vatRateBp = kept.vatRateBp;
          } else {
            const price = prices.get(item.priceItemId);
            if (!price) throw invalid(`${path}.priceItemId`, PLAN_MESSAGES.unknownPriceItem);
            listPriceBani = price.amountBani;
            vatRateBp = price.vatRateBp;
          }
        }
        const priceReason = item.priceReason?.trim() ? item.priceReason.trim() : null;
        if (listPriceBani !== null && item.unitPriceBani !== listPriceBani && priceReason === null) {
          throw invalid(`${path}.priceReason`, PLAN_MESSAGES.priceReason);
        }
        return { ...item, listPriceBani, vatRateBp, priceReason };
      }),
    })),
  }));
}
