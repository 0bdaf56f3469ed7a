/**
 * Treatment plans (issue 12; decision 0018): the pure rules — line, phase and alternative totals, progress,
 * the status a plan shows on a day, and the content a patient signs when accepting an alternative.
 * Amounts are integer bani, percentages basis points (money.ts). No clock, no I/O.
 *
 * Rounding (written down in decision 0018):
 * 1. A line's gross is quantity × unit price, exact.
 * 2. A line discount in percent is rounded half away from zero to whole bani; an amount discount is taken
 *    as given. A discount never exceeds the line's gross (the contract refuses it).
 * 3. A phase total is the sum of its lines' nets (after line discounts): no rounding.
 * 4. An alternative's discount applies to the sum of its lines' nets: a percent is rounded once, half away
 *    from zero; an amount is capped at that sum. It is then spread over the lines in proportion to their
 *    nets (largest remainder), so every line has a final amount in whole bani and the lines add up to the
 *    alternative's total exactly. Those final amounts are what progress, charges and invoices use.
 */
import { allocateProportionally, percentOf } from './money';

export const PLAN_STATUSES = ['propus', 'acceptat', 'în lucru', 'finalizat', 'respins', 'expirat'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses stored on a plan; 'expirat' is never stored, it is what an unanswered plan shows after its date. */
export const STORED_PLAN_STATUSES = ['propus', 'acceptat', 'în lucru', 'finalizat', 'respins'] as const;
export type StoredPlanStatus = (typeof STORED_PLAN_STATUSES)[number];

/** Statuses in which the accepted alternative's work is still to be done. */
export const OPEN_PLAN_STATUSES: readonly StoredPlanStatus[] = ['acceptat', 'în lucru'];

export const ALTERNATIVE_LABELS = ['A', 'B', 'C'] as const;
export type AlternativeLabel = (typeof ALTERNATIVE_LABELS)[number];

/** 'Varianta B'. */
export function alternativeName(label: AlternativeLabel): string {
  return `Varianta ${label}`;
}

export const PRICE_UNITS = ['dinte', 'arcada', 'vizita'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export type Discount = { kind: 'percent'; bp: number } | { kind: 'amount'; bani: number };

export interface PlanItemPricing {
  quantity: number;
  unitPriceBani: number;
  discount: Discount | null;
}

export interface PlanItemLike extends PlanItemPricing {
  id: string;
}

export interface PlanPhaseLike<Item extends PlanItemLike = PlanItemLike> {
  items: readonly Item[];
}

export interface PlanAlternativeLike<Item extends PlanItemLike = PlanItemLike> {
  discount: Discount | null;
  phases: readonly PlanPhaseLike<Item>[];
}

export interface LineTotals {
  grossBani: number;
  discountBani: number;
  /** After the line's own discount. */
  netBani: number;
}

/** Rule 1 and 2: a line's gross, discount and net. */
export function lineTotals(item: PlanItemPricing): LineTotals {
  const grossBani = item.quantity * item.unitPriceBani;
  const discountBani = discountOn(grossBani, item.discount);
  return { grossBani, discountBani, netBani: grossBani - discountBani };
}

/** A discount on `base`, in bani, never more than the base. */
export function discountOn(base: number, discount: Discount | null): number {
  if (!discount) return 0;
  const wanted = discount.kind === 'percent' ? percentOf(base, discount.bp) : discount.bani;
  return Math.min(Math.max(wanted, 0), base);
}

export interface ItemTotals extends LineTotals {
  id: string;
  /** The line's share of the alternative's total, after the alternative's discount (rule 4). */
  finalBani: number;
}

export interface PhaseTotals {
  /** Sum of the lines' nets (rule 3). */
  netBani: number;
  /** Sum of the lines' final amounts. */
  finalBani: number;
  items: ItemTotals[];
}

export interface AlternativeTotals {
  grossBani: number;
  /** All line discounts together. */
  lineDiscountBani: number;
  /** Sum of the lines' nets, before the alternative's discount. */
  subtotalBani: number;
  /** The alternative's own discount (rule 4). */
  discountBani: number;
  totalBani: number;
  phases: PhaseTotals[];
}

/** Rules 1–4 over a whole alternative. */
export function alternativeTotals(alternative: PlanAlternativeLike): AlternativeTotals {
  const lines = alternative.phases.map((phase) => phase.items.map((item) => ({ item, ...lineTotals(item) })));
  const flat = lines.flat();
  const subtotalBani = flat.reduce((sum, line) => sum + line.netBani, 0);
  const discountBani = discountOn(subtotalBani, alternative.discount);
  const shares = allocateProportionally(
    discountBani,
    flat.map((line) => line.netBani),
  );
  let index = 0;
  const phases = lines.map((phaseLines) => {
    const items = phaseLines.map((line) => {
      const share = shares[index] ?? 0;
      index += 1;
      return {
        id: line.item.id,
        grossBani: line.grossBani,
        discountBani: line.discountBani,
        netBani: line.netBani,
        finalBani: line.netBani - share,
      };
    });
    return {
      netBani: items.reduce((sum, item) => sum + item.netBani, 0),
      finalBani: items.reduce((sum, item) => sum + item.finalBani, 0),
      items,
    };
  });
  return {
    grossBani: flat.reduce((sum, line) => sum + line.grossBani, 0),
    lineDiscountBani: flat.reduce((sum, line) => sum + line.discountBani, 0),
    subtotalBani,
    discountBani,
    totalBani: subtotalBani - discountBani,
    phases,
  };
}

export interface PlanProgress {
  itemsDone: number;
  itemsTotal: number;
  amountDoneBani: number;
  amountRemainingBani: number;
  /** Done share of the total amount, in basis points (an empty or free plan counts by items). */
  percentByAmountBp: number;
  /** Done share of the items, in basis points. */
  percentByItemsBp: number;
}

/** How much of an alternative is done, by items and by final amounts (rule 4). */
export function planProgress(totals: AlternativeTotals, doneItemIds: ReadonlySet<string>): PlanProgress {
  const items = totals.phases.flatMap((phase) => phase.items);
  const done = items.filter((item) => doneItemIds.has(item.id));
  const amountDoneBani = done.reduce((sum, item) => sum + item.finalBani, 0);
  const percentByItemsBp = items.length === 0 ? 0 : Math.floor((done.length * 10_000) / items.length);
  return {
    itemsDone: done.length,
    itemsTotal: items.length,
    amountDoneBani,
    amountRemainingBani: totals.totalBani - amountDoneBani,
    percentByAmountBp:
      totals.totalBani === 0 ? percentByItemsBp : Math.floor((amountDoneBani * 10_000) / totals.totalBani),
    percentByItemsBp,
  };
}

/**
 * The status a plan shows on `today` ('YYYY-MM-DD', the clinic's day): a proposal past its validity date
 * shows 'expirat'; every other status is as stored.
 */
export function effectiveStatus(stored: StoredPlanStatus, validUntil: string, today: string): PlanStatus {
  return stored === 'propus' && validUntil < today ? 'expirat' : stored;
}

/**
 * The stored status once the accepted alternative's progress is known: all items done → 'finalizat', some
 * → 'în lucru', none → 'acceptat'. A plan not accepted keeps its status.
 */
export function statusAfterProgress(stored: StoredPlanStatus, progress: PlanProgress): StoredPlanStatus {
  if (stored !== 'acceptat' && stored !== 'în lucru' && stored !== 'finalizat') return stored;
  if (progress.itemsTotal > 0 && progress.itemsDone === progress.itemsTotal) return 'finalizat';
  return progress.itemsDone > 0 ? 'în lucru' : 'acceptat';
}

/** Which stored statuses a user may move a plan to by hand (accepting goes through the signature). */
export function canReject(stored: StoredPlanStatus): boolean {
  return stored === 'propus';
}

/** '1.6', '1.4–1.6' (a bridge span), '1.6, 2.6', or '' when no tooth. */
export function teethLabel(teeth: readonly string[], span: { start: string; end: string } | null): string {
  if (span) return `${span.start}–${span.end}`;
  return teeth.join(', ');
}
