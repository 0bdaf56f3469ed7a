import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_RECEIPT_SERIES } from '@odonto/domain/contracts/ledger';
import { toIsoDay } from '@odonto/domain/dates';
import { commissionFor, settleFromAdvance } from '@odonto/domain/ledger';
import type { AllocationsTable, ChargeRow, ChargesTable, Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import {
  findAllocations,
  findAllocationsOf,
  findCharges,
  findPayments,
  findRatesOn,
  insertAllocations,
  insertCharge,
  readLedgerSettingsText,
} from './ledger.queries';
import { addToBalance } from './ledger-totals.queries';
import { advanceOf, openCharges, type LedgerRows } from './ledger.presenter';

/**
 * The writes every ledger path shares: a charge with its balance and audit row, the reversal of a charge
 * (which gives what payments settled of it back to the advance), allocations with their commissions.
 * Each runs inside the caller's transaction, after the patient's row is locked.
 */

export interface WriteContext {
  patientId: string;
  actor: AuditActor;
  now: Date;
}

export async function loadRows(db: Kysely<Database>, patientId: string): Promise<LedgerRows> {
  const [charges, payments, allocations] = await Promise.all([
    findCharges(db, patientId),
    findPayments(db, patientId),
    findAllocations(db, patientId),
  ]);
  return { charges, payments, allocations };
}

export interface StoredLedgerSettings {
  receiptSeries: string;
  version: number;
}

export function parseLedgerSettings(text: string | null): StoredLedgerSettings {
  if (text === null) return { receiptSeries: DEFAULT_RECEIPT_SERIES, version: 0 };
  const value = JSON.parse(text) as Partial<StoredLedgerSettings>;
  return {
    receiptSeries: typeof value.receiptSeries === 'string' ? value.receiptSeries : DEFAULT_RECEIPT_SERIES,
    version: typeof value.version === 'number' ? value.version : 0,
  };
}

export async function readLedgerSettings(db: Kysely<Database>): Promise<StoredLedgerSettings> {
  return parseLedgerSettings(await readLedgerSettingsText(db));
}

type NewCharge = Omit<ChargesTable, 'id' | 'patient_id' | 'created_by' | 'created_at'>;

/** Inserts a charge (or a charge's reversal), moves the balance and writes its audit row; answers its id. */
export async function addCharge(
  trx: Kysely<Database>,
  context: WriteContext,
  charge: NewCharge,
  audit: { action: string; details?: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  const at = context.now.toISOString();
  await insertCharge(trx, {
    id,
    patient_id: context.patientId,
    created_by: context.actor.userId,
    created_at: at,
    ...charge,
  });
  // New work is paid first from the advance the patient holds (an advance paid for a plan, say).
  if (charge.amount_bani > 0) await settleFromAdvanceHeld(trx, context);
  await addToBalance(trx, context.patientId, charge.amount_bani, at);
  await writeAudit(trx, context.now, context.actor, {
    action: audit.action,
    entity: 'charge',
    entityId: id,
    patientId: context.patientId,
    details: {
      amountBani: charge.amount_bani,
      description: charge.description,
      ...(charge.reverses_id ? { reversesId: charge.reverses_id, reason: charge.reason } : {}),
      ...audit.details,
    },
  });
  return id;
}

/**
 * Reverses a charge: a negative row with the reason, and negative allocations for whatever payments had
 * settled of it (that money becomes the patient's advance again, and the commissions on it are taken back).
 */
export async function reverseChargeRow(
  trx: Kysely<Database>,
  context: WriteContext,
  charge: ChargeRow,
  reason: string,
  action: string,
): Promise<string> {
  const reversalId = await addCharge(
    trx,
    context,
    {
      location_id: charge.location_id,
      history_entry_id: charge.history_entry_id,
      plan_id: charge.plan_id,
      plan_item_id: charge.plan_item_id,
      price_item_id: charge.price_item_id,
      doctor_id: charge.doctor_id,
      description: charge.description,
      teeth: charge.teeth,
      quantity: charge.quantity,
      amount_bani: -charge.amount_bani,
      vat_rate_bp: charge.vat_rate_bp,
      day: toIsoDay(context.now),
      reverses_id: charge.id,
      reason,
    },
    { action },
  );
  const net = netByKey(await findAllocationsOf(trx, { chargeId: charge.id }), (row) => row.payment_id);
  await insertAllocations(
    trx,
    [...net.values()].map((part) => ({
      id: randomUUID(),
      payment_id: part.key,
      charge_id: charge.id,
      amount_bani: -part.amountBani,
      doctor_id: part.doctorId,
      commission_bani: -part.commissionBani,
      created_at: context.now.toISOString(),
    })),
  );
  // What payments had settled of it is advance again, and settles the patient's other open charges.
  if (await settleFromAdvanceHeld(trx, context)) {
    await addToBalance(trx, context.patientId, 0, context.now.toISOString());
  }
  return reversalId;
}

/**
 * Allocates the advance the patient holds (money of earlier payments that settles no charge) to their open
 * charges, the oldest payment and the oldest charge first. Answers whether it allocated anything.
 */
async function settleFromAdvanceHeld(trx: Kysely<Database>, context: WriteContext): Promise<boolean> {
  const rows = await loadRows(trx, context.patientId);
  const advance = advanceOf(rows);
  const open = openCharges(rows);
  if (advance <= 0 || open.length === 0) return false;
  const reversed = new Set(rows.payments.flatMap((payment) => payment.reverses_id ?? []));
  const allocated = new Map<string, number>();
  for (const row of rows.allocations) {
    allocated.set(row.payment_id, (allocated.get(row.payment_id) ?? 0) + row.amount_bani);
  }
  const sources = rows.payments
    .filter((payment) => payment.amount_bani > 0 && !reversed.has(payment.id))
    .map((payment) => ({
      paymentId: payment.id,
      leftBani: payment.amount_bani - (allocated.get(payment.id) ?? 0),
      createdAt: payment.created_at,
    }));
  const plan = settleFromAdvance(advance, sources, open);
  if (plan.length === 0) return false;
  const chargesById = new Map(rows.charges.map((charge) => [charge.id, charge]));
  const day = toIsoDay(context.now);
  const at = context.now.toISOString();
  for (const paymentId of new Set(plan.map((part) => part.paymentId))) {
    const parts = plan.filter((part) => part.paymentId === paymentId);
    await insertAllocations(trx, await allocationRows(trx, paymentId, parts, chargesById, day, at));
  }
  return true;
}

interface NetPart {
  key: string;
  amountBani: number;
  commissionBani: number;
  doctorId: string | null;
}

/** Allocations summed per key (a payment or a charge), leaving out those that add up to nothing. */
export function netByKey(
  rows: readonly AllocationsTable[],
  keyOf: (row: AllocationsTable) => string,
): Map<string, NetPart> {
  const parts = new Map<string, NetPart>();
  for (const row of rows) {
    const key = keyOf(row);
    const part = parts.get(key) ?? { key, amountBani: 0, commissionBani: 0, doctorId: row.doctor_id };
    part.amountBani += row.amount_bani;
    part.commissionBani += row.commission_bani;
    parts.set(key, part);
  }
  for (const [key, part] of parts) if (part.amountBani === 0) parts.delete(key);
  return parts;
}

/**
 * The allocation rows of a payment over charges, each with the charge's doctor and their commission: the
 * doctor's rate for the charge's price-list item when set, else their general rate, in force on `day`.
 */
export async function allocationRows(
  trx: Kysely<Database>,
  paymentId: string,
  parts: readonly { chargeId: string; amountBani: number }[],
  chargesById: ReadonlyMap<string, Pick<ChargeRow, 'doctor_id' | 'price_item_id'>>,
  day: string,
  at: string,
): Promise<AllocationsTable[]> {
  const doctorIds = parts.flatMap((part) => chargesById.get(part.chargeId)?.doctor_id ?? []);
  const rates = await findRatesOn(trx, doctorIds, day);
  return parts.map((part) => {
    const charge = chargesById.get(part.chargeId);
    const doctorId = charge?.doctor_id ?? null;
    let commission = 0;
    if (doctorId) {
      const general = rates.find((rate) => rate.doctor_id === doctorId && rate.price_item_id === null);
      const override = charge?.price_item_id
        ? rates.find((rate) => rate.doctor_id === doctorId && rate.price_item_id === charge.price_item_id)
        : undefined;
      commission = commissionFor(part.amountBani, general?.rate_bp ?? 0, override?.rate_bp ?? null);
    }
    return {
      id: randomUUID(),
      payment_id: paymentId,
      charge_id: part.chargeId,
      amount_bani: part.amountBani,
      doctor_id: doctorId,
      commission_bani: commission,
      created_at: at,
    };
  });
}
