import type { AccountResponse, Charge, Payment } from '@odonto/domain/contracts/ledger';
import { balanceOf, type OpenCharge, type PaymentMethod } from '@odonto/domain/ledger';
import type { AllocationRow } from '../../db/database';
import type { ChargeWithNames, PaymentWithNames } from './ledger.queries';

/** A patient's ledger rows as read in one go. */
export interface LedgerRows {
  charges: ChargeWithNames[];
  payments: PaymentWithNames[];
  allocations: AllocationRow[];
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function reversals<Row extends { id: string; reverses_id: string | null }>(
  rows: readonly Row[],
): Map<string, Row> {
  const byReversed = new Map<string, Row>();
  for (const row of rows) if (row.reverses_id) byReversed.set(row.reverses_id, row);
  return byReversed;
}

/**
 * What is still to pay of each charge: its amount, less its reversal, less what payments settled of it
 * (reversed allocations count back). Reversals themselves are never open.
 */
export function openByCharge(rows: LedgerRows): Map<string, number> {
  const reversedBy = reversals(rows.charges);
  const allocated = new Map<string, number>();
  for (const allocation of rows.allocations) {
    allocated.set(allocation.charge_id, (allocated.get(allocation.charge_id) ?? 0) + allocation.amount_bani);
  }
  const open = new Map<string, number>();
  for (const charge of rows.charges) {
    if (charge.reverses_id) {
      open.set(charge.id, 0);
      continue;
    }
    const reversal = reversedBy.get(charge.id)?.amount_bani ?? 0;
    open.set(charge.id, charge.amount_bani + reversal - (allocated.get(charge.id) ?? 0));
  }
  return open;
}

/** The open charges in the shape allocatePayment takes. */
export function openCharges(rows: LedgerRows): OpenCharge[] {
  const open = openByCharge(rows);
  return rows.charges.flatMap((charge) => {
    const openBani = open.get(charge.id) ?? 0;
    return openBani > 0 ? [{ id: charge.id, openBani, createdAt: charge.created_at }] : [];
  });
}

/** Money paid and not settling any charge: payments (refunds and reversals included) less allocations. */
export function advanceOf(rows: LedgerRows): number {
  return (
    sum(rows.payments.map((payment) => payment.amount_bani)) -
    sum(rows.allocations.map((allocation) => allocation.amount_bani))
  );
}

/** GET /api/cont/{patientId}: every row oldest first, each with the balance after it. */
export function toAccount(patientId: string, rows: LedgerRows): AccountResponse {
  const open = openByCharge(rows);
  const chargeReversedBy = reversals(rows.charges);
  const paymentReversedBy = reversals(rows.payments);
  const running = new Map<string, number>();
  const timeline = [
    ...rows.charges.map((row) => ({ id: row.id, at: row.created_at, delta: row.amount_bani, order: 0 })),
    ...rows.payments.map((row) => ({ id: row.id, at: row.created_at, delta: -row.amount_bani, order: 1 })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order || (a.id < b.id ? -1 : 1)));
  let balance = 0;
  for (const row of timeline) {
    balance += row.delta;
    running.set(row.id, balance);
  }
  const charges: Charge[] = rows.charges.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    locationId: row.location_id,
    historyEntryId: row.history_entry_id === null ? null : Number(row.history_entry_id),
    planId: row.plan_id,
    planItemId: row.plan_item_id,
    priceItemId: row.price_item_id,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    description: row.description,
    teeth: JSON.parse(row.teeth) as string[],
    quantity: row.quantity,
    amountBani: row.amount_bani,
    vatRateBp: row.vat_rate_bp,
    day: row.day,
    reversesId: row.reverses_id,
    reason: row.reason,
    reversedById: chargeReversedBy.get(row.id)?.id ?? null,
    openBani: Math.max(open.get(row.id) ?? 0, 0),
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    runningBalanceBani: running.get(row.id) ?? 0,
  }));
  const payments: Payment[] = rows.payments.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    locationId: row.location_id,
    method: row.method as PaymentMethod,
    isAdvance: row.is_advance === 1,
    amountBani: row.amount_bani,
    reversesId: row.reverses_id,
    reason: row.reason,
    note: row.note,
    receiptSeries: row.receipt_series,
    receiptNumber: row.receipt_number,
    reversedById: paymentReversedBy.get(row.id)?.id ?? null,
    day: row.day,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    runningBalanceBani: running.get(row.id) ?? 0,
  }));
  return {
    patientId,
    charges,
    payments,
    allocations: rows.allocations.map((row) => ({
      id: row.id,
      paymentId: row.payment_id,
      chargeId: row.charge_id,
      amountBani: row.amount_bani,
      doctorId: row.doctor_id,
      commissionBani: row.commission_bani,
      createdAt: row.created_at,
    })),
    advanceBani: Math.max(advanceOf(rows), 0),
    balance: balanceOf(
      sum(rows.charges.map((row) => row.amount_bani)),
      sum(rows.payments.map((row) => row.amount_bani)),
    ),
  };
}
