import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { amountInWords } from '@odonto/domain/amount-words';
import {
  LEDGER_MESSAGES,
  type AccountResponse,
  type ChargeResponse,
  type manualChargeRequest,
  type paymentRequest,
  type PaymentResponse,
  type ReceiptResponse,
  type refundRequest,
} from '@odonto/domain/contracts/ledger';
import { toIsoDay } from '@odonto/domain/dates';
import { LOCATION_MESSAGES } from '@odonto/domain/contracts/locations';
import { allocatePayment } from '@odonto/domain/ledger';
import type { z } from 'zod';
import { nextCounterValue } from '../../db/counters.queries';
import type { Database } from '../../db/database';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { readClinic } from '../clinic/clinic.service';
import { findLocation, findLocations, findUserLocationIds } from '../locations/locations.queries';
import { findLivePatient, lockLivePatient } from '../patients/live-patient.queries';
import { findPricesOn } from '../price-list/price-list.queries';
import {
  addCharge,
  allocationRows,
  loadRows,
  netByKey,
  readLedgerSettings,
  reverseChargeRow,
  type WriteContext,
} from './ledger-rows';
import { advanceOf, openCharges, toAccount } from './ledger.presenter';
import {
  findAllocationsOf,
  findCharge,
  findChargeLocationId,
  findPaymentLocationId,
  findDoctor,
  findPayment,
  insertAllocations,
  insertPayment,
  isReversed,
} from './ledger.queries';
import { addToBalance } from './ledger-totals.queries';

export interface LedgerDeps {
  db: Kysely<Database>;
  now: () => Date;
}

const patientNotFound = () => new AppError(404, 'not_found', LEDGER_MESSAGES.patientNotFound);
const conflict = (message: string) => new AppError(409, 'conflict', message);
const invalid = (field: string, message: string) =>
  new AppError(400, 'invalid_input', message, { fields: { [field]: message } });

const refusedLocation = (message: string) =>
  new AppError(422, 'unprocessable', message, { fields: { sediuId: message } });

/**
 * Where a payment or refund is taken (issue 14). Asked: an open location (422 unknown or closed) that the
 * cashier works at (422 otherwise; a user without locations works at every one). Left out: the cashier's
 * first open location, else the clinic's first.
 */
async function choosePaymentLocation(
  trx: Kysely<Database>,
  userId: string | null,
  asked: string | undefined,
): Promise<string | null> {
  if (asked === undefined) return findPaymentLocationId(trx, userId);
  const location = await findLocation(trx, asked);
  if (!location) throw refusedLocation(LOCATION_MESSAGES.notFound);
  if (location.archived_at !== null) throw refusedLocation(LOCATION_MESSAGES.closed);
  const mine = userId === null ? [] : await findUserLocationIds(trx, userId);
  if (mine.length > 0 && !mine.includes(asked)) throw refusedLocation(LOCATION_MESSAGES.notYours);
  return asked;
}

/** GET /api/cont/{patientId}: the whole account. */
export async function readAccount(deps: LedgerDeps, patientId: string): Promise<AccountResponse> {
  if (!(await findLivePatient(deps.db, patientId))) throw patientNotFound();
  return toAccount(patientId, await loadRows(deps.db, patientId));
}

/** Runs `write` in one transaction with the patient's row locked (writes for a patient run one at a time). */
async function underPatient<T>(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  write: (trx: Kysely<Database>, context: WriteContext) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockLivePatient(trx, patientId))) throw patientNotFound();
    return write(trx, { patientId, actor, now: deps.now() });
  });
}

/**
 * POST /api/cont/{patientId}/plati: a payment settles the picked charges in the order picked, or the
 * oldest open ones; the rest (or all of it, for an advance) is kept as an advance. A cash payment takes
 * the next receipt number of the series in the same transaction.
 */
export async function takePayment(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  body: z.output<typeof paymentRequest>,
): Promise<PaymentResponse> {
  const paymentId = await underPatient(deps, actor, patientId, async (trx, context) => {
    const locationId = await choosePaymentLocation(trx, actor.userId, body.sediuId);
    const rows = await loadRows(trx, patientId);
    const open = openCharges(rows);
    const picked = body.chargeIds ?? null;
    if (picked) {
      if (new Set(picked).size !== picked.length) throw invalid('chargeIds', LEDGER_MESSAGES.pickedTwice);
      const openIds = new Set(open.map((charge) => charge.id));
      if (picked.some((id) => !openIds.has(id))) throw invalid('chargeIds', LEDGER_MESSAGES.pickedUnknown);
    }
    const plan = body.isAdvance
      ? { allocations: [], advanceBani: body.amountBani }
      : allocatePayment(body.amountBani, open, picked);
    const at = context.now.toISOString();
    const day = toIsoDay(context.now);
    const series = body.method === 'numerar' ? (await readLedgerSettings(trx)).receiptSeries : null;
    const number = series ? await nextCounterValue(trx, `receipt:${series}`) : null;
    const id = randomUUID();
    await insertPayment(trx, {
      id,
      patient_id: patientId,
      location_id: locationId,
      method: body.method,
      is_advance: body.isAdvance ? 1 : 0,
      amount_bani: body.amountBani,
      reverses_id: null,
      reason: null,
      note: body.note,
      receipt_series: series,
      receipt_number: number,
      day,
      created_by: actor.userId,
      created_at: at,
    });
    const chargesById = new Map(rows.charges.map((charge) => [charge.id, charge]));
    await insertAllocations(trx, await allocationRows(trx, id, plan.allocations, chargesById, day, at));
    await addToBalance(trx, patientId, -body.amountBani, at);
    await writeAudit(trx, context.now, actor, {
      action: 'payment_create',
      entity: 'payment',
      entityId: id,
      patientId,
      details: {
        method: body.method,
        amountBani: body.amountBani,
        isAdvance: body.isAdvance,
        allocations: plan.allocations,
        advanceBani: plan.advanceBani,
        ...(series ? { receipt: `${series} ${number}` } : {}),
      },
    });
    return id;
  });
  return { paymentId, account: await readAccount(deps, patientId) };
}

/**
 * POST /api/cont/{patientId}/plati/{paymentId}/storno: a negative payment with the reason, and negative
 * allocations for what it settled (those charges are open again). 409 for a refund, a reversal, or a
 * payment already reversed.
 */
export async function reversePayment(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  paymentId: string,
  reason: string,
): Promise<PaymentResponse> {
  const reversalId = await underPatient(deps, actor, patientId, async (trx, context) => {
    const payment = await findPayment(trx, patientId, paymentId);
    if (!payment) throw new AppError(404, 'not_found', LEDGER_MESSAGES.paymentNotFound);
    if (payment.amount_bani < 0) throw conflict(LEDGER_MESSAGES.reversalOfReversal);
    if (await isReversed(trx, 'payments', paymentId)) throw conflict(LEDGER_MESSAGES.alreadyReversed);
    const at = context.now.toISOString();
    const id = randomUUID();
    await insertPayment(trx, {
      id,
      patient_id: patientId,
      location_id: payment.location_id,
      method: payment.method,
      is_advance: payment.is_advance,
      amount_bani: -payment.amount_bani,
      reverses_id: payment.id,
      reason,
      note: '',
      receipt_series: null,
      receipt_number: null,
      day: toIsoDay(context.now),
      created_by: actor.userId,
      created_at: at,
    });
    const net = netByKey(await findAllocationsOf(trx, { paymentId }), (row) => row.charge_id);
    await insertAllocations(
      trx,
      [...net.values()].map((part) => ({
        id: randomUUID(),
        payment_id: id,
        charge_id: part.key,
        amount_bani: -part.amountBani,
        doctor_id: part.doctorId,
        commission_bani: -part.commissionBani,
        created_at: at,
      })),
    );
    await addToBalance(trx, patientId, payment.amount_bani, at);
    await writeAudit(trx, context.now, actor, {
      action: 'payment_reverse',
      entity: 'payment',
      entityId: id,
      patientId,
      details: { reversesId: payment.id, amountBani: -payment.amount_bani, method: payment.method, reason },
    });
    return id;
  });
  return { paymentId: reversalId, account: await readAccount(deps, patientId) };
}

/** POST /api/cont/{patientId}/rambursare: gives back part or all of the advance held (409 above it). */
export async function refund(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  body: z.output<typeof refundRequest>,
): Promise<PaymentResponse> {
  const refundId = await underPatient(deps, actor, patientId, async (trx, context) => {
    const locationId = await choosePaymentLocation(trx, actor.userId, body.sediuId);
    const advance = advanceOf(await loadRows(trx, patientId));
    if (advance <= 0) throw conflict(LEDGER_MESSAGES.refundNoAdvance);
    if (body.amountBani > advance) throw conflict(LEDGER_MESSAGES.refundAboveAdvance);
    const at = context.now.toISOString();
    const id = randomUUID();
    await insertPayment(trx, {
      id,
      patient_id: patientId,
      location_id: locationId,
      method: body.method,
      is_advance: 1,
      amount_bani: -body.amountBani,
      reverses_id: null,
      reason: body.reason,
      note: '',
      receipt_series: null,
      receipt_number: null,
      day: toIsoDay(context.now),
      created_by: actor.userId,
      created_at: at,
    });
    await addToBalance(trx, patientId, body.amountBani, at);
    await writeAudit(trx, context.now, actor, {
      action: 'payment_refund',
      entity: 'payment',
      entityId: id,
      patientId,
      details: { method: body.method, amountBani: -body.amountBani, reason: body.reason },
    });
    return id;
  });
  return { paymentId: refundId, account: await readAccount(deps, patientId) };
}

/** POST /api/cont/{patientId}/taxe: a charge for a price-list item at its price on the day, × quantity. */
export async function addManualCharge(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  body: z.output<typeof manualChargeRequest>,
): Promise<ChargeResponse> {
  const chargeId = await underPatient(deps, actor, patientId, async (trx, context) => {
    const today = toIsoDay(context.now);
    const day = body.day ?? today;
    if (day > today) throw invalid('day', LEDGER_MESSAGES.futureDay);
    const item = (await findPricesOn(trx, [body.priceItemId], day)).get(body.priceItemId);
    if (!item) throw new AppError(404, 'not_found', LEDGER_MESSAGES.priceItemNotFound);
    if (item.amountBani === null || item.amountBani === 0)
      throw invalid('priceItemId', LEDGER_MESSAGES.noPrice);
    if (body.doctorId && !(await findDoctor(trx, body.doctorId))) {
      throw invalid('doctorId', LEDGER_MESSAGES.doctorNotFound);
    }
    return addCharge(
      trx,
      context,
      {
        location_id: await findChargeLocationId(trx, patientId, body.doctorId ?? null, day),
        history_entry_id: null,
        plan_id: null,
        plan_item_id: null,
        price_item_id: item.id,
        doctor_id: body.doctorId,
        description: body.note ? `${item.name} — ${body.note}` : item.name,
        teeth: JSON.stringify(body.teeth),
        quantity: body.quantity,
        amount_bani: item.amountBani * body.quantity,
        vat_rate_bp: item.vatRateBp,
        day,
        reverses_id: null,
        reason: null,
      },
      {
        action: 'charge_create',
        details: { source: 'manual', priceItemId: item.id, quantity: body.quantity },
      },
    );
  });
  return { chargeId, account: await readAccount(deps, patientId) };
}

/** POST /api/cont/{patientId}/taxe/{chargeId}/storno (409 for a reversal or a charge already reversed). */
export async function reverseCharge(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  chargeId: string,
  reason: string,
): Promise<ChargeResponse> {
  const reversalId = await underPatient(deps, actor, patientId, async (trx, context) => {
    const charge = await findCharge(trx, patientId, chargeId);
    if (!charge) throw new AppError(404, 'not_found', LEDGER_MESSAGES.chargeNotFound);
    if (charge.reverses_id) throw conflict(LEDGER_MESSAGES.reversalOfReversal);
    if (await isReversed(trx, 'charges', chargeId)) throw conflict(LEDGER_MESSAGES.alreadyReversed);
    return reverseChargeRow(trx, context, charge, reason, 'charge_reverse');
  });
  return { chargeId: reversalId, account: await readAccount(deps, patientId) };
}

const RECEIPT_DESCRIPTION = 'Contravaloare servicii stomatologice';

/** GET /api/cont/{patientId}/chitanta/{paymentId}: the receipt of a cash payment, to print. */
export async function readReceipt(
  deps: LedgerDeps,
  actor: AuditActor,
  patientId: string,
  paymentId: string,
): Promise<ReceiptResponse> {
  const patient = await findLivePatient(deps.db, patientId);
  if (!patient) throw patientNotFound();
  const payment = await findPayment(deps.db, patientId, paymentId);
  if (!payment) throw new AppError(404, 'not_found', LEDGER_MESSAGES.paymentNotFound);
  if (payment.receipt_series === null || payment.receipt_number === null) {
    throw new AppError(404, 'not_found', LEDGER_MESSAGES.notCash);
  }
  const clinic = await readClinic(deps.db);
  const location = await receiptLocation(deps.db, payment.location_id);
  await writeAudit(deps.db, deps.now(), actor, {
    action: 'receipt_print',
    entity: 'payment',
    entityId: payment.id,
    patientId,
    details: { receipt: `${payment.receipt_series} ${payment.receipt_number}` },
  });
  return {
    series: payment.receipt_series,
    number: payment.receipt_number,
    day: payment.day,
    clinic: { nume: clinic.nume, adresa: clinic.adresa, cui: clinic.cui, telefon: clinic.telefon },
    patient: {
      nume: patient.nume,
      prenume: patient.prenume,
      fileNumber: patient.file_number,
      adresa: [patient.oras, patient.judet].filter((part) => part.trim() !== '').join(', '),
    },
    amountBani: payment.amount_bani,
    amountWords: amountInWords(payment.amount_bani),
    description: payment.is_advance === 1 ? `${RECEIPT_DESCRIPTION} (avans)` : RECEIPT_DESCRIPTION,
    cashierName: payment.created_by_name ?? '',
    location,
  };
}

/** The location a receipt names, in a clinic group only (a single-location clinic sees no trace of it). */
async function receiptLocation(
  db: Kysely<Database>,
  locationId: string | null,
): Promise<ReceiptResponse['location']> {
  if (locationId === null) return null;
  const locations = await findLocations(db);
  if (locations.filter((place) => place.archived_at === null).length < 2) return null;
  const place = locations.find((row) => row.id === locationId);
  return place ? { name: place.name, address: place.address } : null;
}
