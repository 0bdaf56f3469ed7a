/**
 * The patient's account (issue 13; decision 0018): charges for work done, payments, and which payment
 * settles which charge. The ledger is append-only — a mistake is reversed by a new row with a reason — so
 * these rules only read rows and say what a new row should be. Amounts are integer bani, rates basis points.
 */
import { percentOf } from './money';

export const PAYMENT_METHODS = ['numerar', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  numerar: 'Numerar',
  card: 'Card',
  transfer: 'Transfer bancar',
};

export interface OpenCharge {
  id: string;
  /** What is still to be paid of it, in bani (> 0). */
  openBani: number;
  /** When it was recorded (ISO); the oldest is settled first. */
  createdAt: string;
}

export interface Allocation {
  chargeId: string;
  amountBani: number;
}

export interface AllocationPlan {
  allocations: Allocation[];
  /** What is left of the payment after the charges: kept as an advance (avans). */
  advanceBani: number;
}

/**
 * Spreads a payment over open charges: the ones the user picked, in the order picked, or else every open
 * charge oldest first; whatever is left is an advance. A charge is never settled beyond what is open on it.
 */
export function allocatePayment(
  amountBani: number,
  openCharges: readonly OpenCharge[],
  pickedIds: readonly string[] | null = null,
): AllocationPlan {
  const byId = new Map(openCharges.map((charge) => [charge.id, charge]));
  const order = pickedIds
    ? pickedIds.flatMap((id) => {
        const charge = byId.get(id);
        return charge ? [charge] : [];
      })
    : [...openCharges].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  let left = Math.max(amountBani, 0);
  const allocations: Allocation[] = [];
  for (const charge of order) {
    if (left === 0) break;
    const amount = Math.min(left, charge.openBani);
    if (amount <= 0) continue;
    allocations.push({ chargeId: charge.id, amountBani: amount });
    left -= amount;
  }
  return { allocations, advanceBani: left };
}

/** Open amount per charge: its amount (after reversals) less what payments settled of it. */
export function openAmounts(
  charges: readonly { id: string; amountBani: number }[],
  allocations: readonly Allocation[],
): Map<string, number> {
  const open = new Map<string, number>();
  for (const charge of charges) open.set(charge.id, (open.get(charge.id) ?? 0) + charge.amountBani);
  for (const allocation of allocations) {
    open.set(allocation.chargeId, (open.get(allocation.chargeId) ?? 0) - allocation.amountBani);
  }
  return open;
}

export type BalanceKind = 'de plată' | 'avans' | 'achitat';

export interface Balance {
  kind: BalanceKind;
  /** The amount owed ('de plată') or held in advance ('avans'); 0 when settled. */
  amountBani: number;
}

/** The patient's balance ('Sold') from the totals of charges and payments (refunds are negative payments). */
export function balanceOf(chargesBani: number, paymentsBani: number): Balance {
  const owed = chargesBani - paymentsBani;
  if (owed > 0) return { kind: 'de plată', amountBani: owed };
  if (owed < 0) return { kind: 'avans', amountBani: -owed };
  return { kind: 'achitat', amountBani: 0 };
}

/**
 * A doctor's commission on money allocated to a charge of theirs: the price-list item's own rate when the
 * clinic set one for that doctor, else the doctor's general rate; rounded half away from zero.
 */
export function commissionFor(
  allocatedBani: number,
  generalBp: number,
  itemOverrideBp: number | null,
): number {
  return percentOf(allocatedBani, itemOverrideBp ?? generalBp);
}

/** A payment with money that settles no charge yet (an advance, or what was left of a payment). */
export interface AdvanceSource {
  paymentId: string;
  /** Its amount less what it already settled, in bani. */
  leftBani: number;
  createdAt: string;
}

export interface AdvanceAllocation extends Allocation {
  paymentId: string;
}

/**
 * Settles open charges from the advance the patient holds: the unallocated money of earlier payments, the
 * oldest payment first, onto the oldest open charges. Never more than `advanceBani`, the advance actually
 * held (refunds gave part of it back without touching any payment's allocations).
 */
export function settleFromAdvance(
  advanceBani: number,
  sources: readonly AdvanceSource[],
  openCharges: readonly OpenCharge[],
): AdvanceAllocation[] {
  const byAge = <T extends { createdAt: string }>(a: T, b: T) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
  const charges = [...openCharges].sort(byAge).map((charge) => ({ ...charge }));
  let pool = Math.max(advanceBani, 0);
  const allocations: AdvanceAllocation[] = [];
  for (const source of [...sources].sort(byAge)) {
    let left = Math.min(Math.max(source.leftBani, 0), pool);
    for (const charge of charges) {
      if (left === 0) break;
      const amount = Math.min(left, charge.openBani);
      if (amount <= 0) continue;
      allocations.push({ paymentId: source.paymentId, chargeId: charge.id, amountBani: amount });
      charge.openBani -= amount;
      left -= amount;
      pool -= amount;
    }
    if (pool === 0) break;
  }
  return allocations;
}
