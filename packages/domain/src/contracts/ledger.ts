/**
 * The patient's account (issue 13; decisions 0018 and 0023): charges, payments, allocations, the running
 * balance, the cash receipt (chitanță) and the account settings (receipt series, doctor commissions).
 * Every amount is integer bani; a correction is a new, negative row pointing at the one it reverses.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../ledger';
import { amountBani, percentBp, signedAmountBani } from '../money';
import { TOOTH_IDS } from '../teeth';
import { LOCATION_MESSAGES } from './locations';

export const LEDGER_MESSAGES = {
  patientNotFound: 'Pacientul nu a fost găsit.',
  chargeNotFound: 'Taxa nu a fost găsită.',
  paymentNotFound: 'Plata nu a fost găsită.',
  priceItemNotFound: 'Articolul din lista de prețuri nu a fost găsit.',
  noPrice: 'Articolul nu are preț la data aleasă.',
  doctorNotFound: 'Medicul nu a fost găsit.',
  reasonRequired: 'Motivul este obligatoriu.',
  reasonTooLong: 'Motivul este prea lung.',
  noteTooLong: 'Nota este prea lungă.',
  amountPositive: 'Suma trebuie să fie mai mare decât zero.',
  method: 'Alegeți modul de plată: numerar, card sau transfer.',
  alreadyReversed: 'Înregistrarea a fost deja stornată.',
  reversalOfReversal: 'O stornare nu poate fi stornată.',
  chargePaid: 'Taxa are plăți alocate: stornați întâi plățile ei.',
  pickedUnknown: 'Una dintre taxele alese nu este deschisă pe contul pacientului.',
  pickedTwice: 'O taxă este aleasă de două ori.',
  refundAboveAdvance: 'Suma rambursată depășește avansul pacientului.',
  refundNoAdvance: 'Pacientul nu are avans de rambursat.',
  notCash: 'Chitanța se emite doar pentru plăți în numerar.',
  receiptSeries: 'Seria chitanțelor are 1–10 litere mari (ex.: CH).',
  quantity: 'Cantitatea trebuie să fie un număr întreg între 1 și 99.',
  unknownTooth: 'Dinte necunoscut.',
  day: 'Data nu este validă.',
  futureDay: 'Data nu poate fi în viitor.',
  rateDuplicate: 'Există deja un comision pentru acest medic, articol și dată.',
} as const;

const id = z.string().trim().min(1).max(100);
const clinicDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, LEDGER_MESSAGES.day);
const reason = z
  .string(LEDGER_MESSAGES.reasonRequired)
  .trim()
  .min(3, LEDGER_MESSAGES.reasonRequired)
  .max(500, LEDGER_MESSAGES.reasonTooLong);
const positiveAmount = amountBani.min(1, LEDGER_MESSAGES.amountPositive);
const method = z.enum(PAYMENT_METHODS, LEDGER_MESSAGES.method);
/**
 * Where the money is taken (issue 14): an open location the cashier works at. Left out: the cashier's first
 * open location, else the clinic's first.
 */
const sediuId = z.string(LOCATION_MESSAGES.required).trim().min(1, LOCATION_MESSAGES.required).max(100);

export const BALANCE_KINDS = ['de plată', 'avans', 'achitat'] as const;

/** The patient's balance ('Sold'): what is owed, or held in advance. */
export const balance = z.object({ kind: z.enum(BALANCE_KINDS), amountBani: amountBani });
export type BalanceAnswer = z.infer<typeof balance>;

/** A charge on the account; a reversal has a negative amount, `reversesId` and a reason. */
export const charge = z.object({
  id: z.string(),
  patientId: z.string(),
  locationId: z.string().nullable(),
  historyEntryId: z.number().int().nullable(),
  planId: z.string().nullable(),
  planItemId: z.string().nullable(),
  priceItemId: z.string().nullable(),
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  description: z.string(),
  teeth: z.array(z.string()),
  quantity: z.number().int(),
  amountBani: signedAmountBani,
  vatRateBp: z.number().int().nullable(),
  day: z.string(),
  reversesId: z.string().nullable(),
  reason: z.string().nullable(),
  /** The reversal of this charge, when there is one. */
  reversedById: z.string().nullable(),
  /** What is still to pay of it (0 for a reversal or a reversed charge). */
  openBani: z.number().int(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The balance after this row, in the account's order (positive: owed). */
  runningBalanceBani: signedAmountBani,
});
export type Charge = z.infer<typeof charge>;

/** A payment; a refund or a reversal is negative with a reason. */
export const payment = z.object({
  id: z.string(),
  patientId: z.string(),
  locationId: z.string().nullable(),
  method,
  isAdvance: z.boolean(),
  amountBani: signedAmountBani,
  reversesId: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string(),
  receiptSeries: z.string().nullable(),
  receiptNumber: z.number().int().nullable(),
  reversedById: z.string().nullable(),
  day: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  runningBalanceBani: signedAmountBani,
});
export type Payment = z.infer<typeof payment>;

/** Which payment settled how much of which charge (negative when a payment is reversed). */
export const allocation = z.object({
  id: z.string(),
  paymentId: z.string(),
  chargeId: z.string(),
  amountBani: signedAmountBani,
  doctorId: z.string().nullable(),
  commissionBani: signedAmountBani,
  createdAt: z.string(),
});
export type AllocationAnswer = z.infer<typeof allocation>;

/** GET /api/cont/{patientId}: the whole account, oldest first, with the balance. */
export const accountResponse = z.object({
  patientId: z.string(),
  charges: z.array(charge),
  payments: z.array(payment),
  allocations: z.array(allocation),
  /** The advance held (payments not allocated to charges), in bani. */
  advanceBani: amountBani,
  balance,
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** POST /api/cont/{patientId}/plati */
export const paymentRequest = z.strictObject({
  method,
  amountBani: positiveAmount,
  /** An advance is kept whole, not allocated to charges. */
  isAdvance: z.boolean().default(false),
  /** The charges to settle, in the order picked; otherwise the oldest open ones. */
  chargeIds: z.array(id).max(500).optional(),
  note: z.string().trim().max(500, LEDGER_MESSAGES.noteTooLong).default(''),
  sediuId: sediuId.optional(),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

/** What a write answers: the new row's id and the account after it. */
export const paymentResponse = z.object({ paymentId: z.string(), account: accountResponse });
export type PaymentResponse = z.infer<typeof paymentResponse>;

export const chargeResponse = z.object({ chargeId: z.string(), account: accountResponse });
export type ChargeResponse = z.infer<typeof chargeResponse>;

/** POST …/storno (a payment or a charge). */
export const reversalRequest = z.strictObject({ reason });
export type ReversalRequest = z.input<typeof reversalRequest>;

/** POST /api/cont/{patientId}/rambursare: gives back (part of) the advance held. */
export const refundRequest = z.strictObject({
  method,
  amountBani: positiveAmount,
  reason,
  sediuId: sediuId.optional(),
});
export type RefundRequest = z.input<typeof refundRequest>;

/** POST /api/cont/{patientId}/taxe: a manual charge for an item of the price list. */
export const manualChargeRequest = z.strictObject({
  priceItemId: id,
  teeth: z.array(z.enum(TOOTH_IDS, LEDGER_MESSAGES.unknownTooth)).max(32).default([]),
  quantity: z
    .number(LEDGER_MESSAGES.quantity)
    .int(LEDGER_MESSAGES.quantity)
    .min(1, LEDGER_MESSAGES.quantity)
    .max(99, LEDGER_MESSAGES.quantity)
    .default(1),
  /** The day of the work (its price is the list's price that day); today when left out. */
  day: clinicDay.optional(),
  doctorId: id.nullable().default(null),
  note: z.string().trim().max(500, LEDGER_MESSAGES.noteTooLong).default(''),
});
export type ManualChargeRequest = z.input<typeof manualChargeRequest>;

/** GET /api/cont/{patientId}/chitanta/{paymentId}: what a printed receipt shows. */
export const receiptResponse = z.object({
  series: z.string(),
  number: z.number().int(),
  day: z.string(),
  clinic: z.object({ nume: z.string(), adresa: z.string(), cui: z.string(), telefon: z.string() }),
  patient: z.object({
    nume: z.string(),
    prenume: z.string(),
    fileNumber: z.number().int(),
    adresa: z.string(),
  }),
  amountBani: amountBani,
  amountWords: z.string(),
  description: z.string(),
  cashierName: z.string(),
  /** Where the money was taken, in a clinic group (two or more open locations); null otherwise. */
  location: z.object({ name: z.string(), address: z.string() }).nullable(),
});
export type ReceiptResponse = z.infer<typeof receiptResponse>;

export const RECEIPT_SERIES_PATTERN = /^[A-Z]{1,10}$/;
export const DEFAULT_RECEIPT_SERIES = 'CH';

/** A doctor's commission rate from a day on: general (no item) or for one price-list item. */
export const commissionRate = z.object({
  id: z.string(),
  doctorId: z.string(),
  doctorName: z.string().nullable(),
  priceItemId: z.string().nullable(),
  priceItemName: z.string().nullable(),
  rateBp: percentBp,
  validFrom: z.string(),
  createdAt: z.string(),
});
export type CommissionRate = z.infer<typeof commissionRate>;

/** GET/PUT /api/cont-setari (admin). */
export const ledgerSettings = z.object({
  receiptSeries: z.string(),
  commissionRates: z.array(commissionRate),
  /** 0 until an admin first saves the series. */
  version: z.number().int(),
});
export type LedgerSettings = z.infer<typeof ledgerSettings>;

export const receiptSeriesRequest = z.strictObject({
  receiptSeries: z.string().trim().toUpperCase().regex(RECEIPT_SERIES_PATTERN, LEDGER_MESSAGES.receiptSeries),
  version: z.number().int().min(0),
});
export type ReceiptSeriesRequest = z.input<typeof receiptSeriesRequest>;

/** POST /api/cont-setari/comisioane: a new rate (rates are never rewritten; a later one takes over). */
export const commissionRateRequest = z.strictObject({
  doctorId: id,
  priceItemId: id.nullable().default(null),
  rateBp: percentBp,
  validFrom: clinicDay,
});
export type CommissionRateRequest = z.input<typeof commissionRateRequest>;

/** 'Sold: 250,00 lei de plată' / 'Sold: avans 100,00 lei' / 'Sold: achitat'. */
export function balanceLabel(value: BalanceAnswer, format: (bani: number) => string): string {
  if (value.kind === 'de plată') return `Sold: ${format(value.amountBani)} de plată`;
  if (value.kind === 'avans') return `Sold: avans ${format(value.amountBani)}`;
  return 'Sold: achitat';
}
