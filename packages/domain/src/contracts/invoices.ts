/**
 * Invoices (factură) and credit notes (factură storno) of issue 13 (decisions 0020 and 0024): issued from the
 * patient's charges, numbered per series without gaps, never edited or deleted (a credit note reverses an
 * invoice), each queued for RO e-Factura in the transaction that issues it.
 */
import { z } from 'zod';
import { efacturaSubmission } from './efactura';
import { pagedTotalFields } from './paging';
import { validateCnp } from '../cnp';
import { validateCui } from '../cui';
import { amountBani } from '../money';
import { countyByAuto } from '../places';

export const INVOICE_MESSAGES = {
  notFound: 'Factura nu a fost găsită.',
  patientNotFound: 'Pacientul nu a fost găsit.',
  immutable: 'O factură emisă nu poate fi modificată sau ștearsă: emiteți o factură storno.',
  noCharges: 'Alegeți cel puțin o taxă de facturat.',
  chargeUnknown: 'Una dintre taxele alese nu este pe contul pacientului sau a fost stornată.',
  chargeInvoiced: 'Una dintre taxele alese a fost deja facturată.',
  chargeTwice: 'O taxă este aleasă de două ori.',
  alreadyReversed: 'Factura a fost deja stornată.',
  creditOfCredit: 'O factură storno nu poate fi stornată.',
  sellerIncomplete:
    'Completați datele clinicii pentru facturare în Setări (CUI, Nr. Reg. Com., adresa cu județul și localitatea).',
  series: 'Seria are 1–10 litere mari sau cifre, începând cu o literă (ex.: ODT).',
  startNumber: 'Numărul de început trebuie să fie un număr întreg între 1 și 99.999.999.',
  seriesInUse: 'Seria are deja documente emise: numărul de început nu se mai poate schimba.',
  seriesStartShared:
    'Aceeași serie este folosită și în alt loc (la clinică sau la alt sediu) cu alt număr de început: o serie are o singură numerotare, cu un singur număr de început.',
  locationUnknown: 'Sediul nu a fost găsit.',
  locationTwice: 'Un sediu are o singură pereche de serii: apare de două ori.',
  xmlMissing: 'XML-ul facturii nu a fost găsit.',
  answerMissing: 'Răspunsul ANAF nu a fost primit încă pentru această factură.',
  month: 'Luna nu este validă (AAAA-LL).',
  noEmail: 'Introduceți adresa de e-mail a destinatarului.',
  email: 'Adresa de e-mail nu este validă.',
  mailFailed: 'E-mailul nu a putut fi trimis; încercați din nou.',
  reasonRequired: 'Motivul stornării este obligatoriu.',
  reasonTooLong: 'Motivul este prea lung.',
  day: 'Data nu este validă (AAAA-LL-ZZ).',
  dueBeforeIssue: 'Scadența nu poate fi înaintea datei facturii.',
  name: 'Completați numele cumpărătorului.',
  nameTooLong: 'Numele cumpărătorului poate avea cel mult 200 de caractere.',
  street: 'Completați strada și numărul.',
  streetTooLong: 'Adresa poate avea cel mult 150 de caractere.',
  city: 'Completați localitatea.',
  cityTooLong: 'Localitatea poate avea cel mult 50 de caractere.',
  county: 'Alegeți județul.',
  cnpInvalid: 'CNP invalid',
  cuiInvalid: 'CUI invalid',
} as const;

const M = INVOICE_MESSAGES;

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const SERIES_PATTERN = /^[A-Z][A-Z0-9]{0,9}$/;

const id = z.string().trim().min(1).max(100);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, M.day);

export const invoiceAddress = z.strictObject({
  street: z.string(M.street).trim().min(1, M.street).max(150, M.streetTooLong),
  city: z.string(M.city).trim().min(1, M.city).max(50, M.cityTooLong),
  countyCode: z
    .string(M.county)
    .trim()
    .toUpperCase()
    .refine((code) => countyByAuto(code) !== undefined, M.county),
  postalCode: z.string().trim().max(20).optional(),
});
export type InvoiceAddress = z.infer<typeof invoiceAddress>;

const buyerName = z.string(M.name).trim().min(1, M.name).max(200, M.nameTooLong);

/** The buyer as the issuer types it: a person (CNP optional) or a company (CUI). */
export const invoiceBuyerInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('person'),
    name: buyerName,
    /** Empty or missing: the invoice carries thirteen zeros. */
    cnp: z
      .string()
      .trim()
      .superRefine((value, context) => {
        if (value === '') return;
        const check = validateCnp(value);
        if (!check.ok) context.addIssue({ code: 'custom', message: `${M.cnpInvalid}: ${check.message}` });
      })
      .optional(),
    address: invoiceAddress,
  }),
  z.strictObject({
    kind: z.literal('company'),
    name: buyerName,
    cui: z
      .string(M.cuiInvalid)
      .trim()
      .toUpperCase()
      .superRefine((value, context) => {
        const check = validateCui(value);
        if (!check.ok) context.addIssue({ code: 'custom', message: `${M.cuiInvalid}: ${check.message}` });
      }),
    regCom: z.string().trim().max(100).optional(),
    address: invoiceAddress,
  }),
]);
export type InvoiceBuyerInput = z.input<typeof invoiceBuyerInput>;

/** POST /api/facturi: issues an invoice for picked charges of one patient. */
export const issueInvoiceRequest = z
  .strictObject({
    patientId: id,
    buyer: invoiceBuyerInput,
    chargeIds: z.array(id).min(1, M.noCharges).max(200),
    /** Defaults to the issue day. */
    dueDate: day.optional(),
    note: z.string().trim().max(300).optional(),
  })
  .refine((value) => new Set(value.chargeIds).size === value.chargeIds.length, {
    message: M.chargeTwice,
    path: ['chargeIds'],
  });
export type IssueInvoiceRequest = z.input<typeof issueInvoiceRequest>;

/** POST /api/facturi/{id}/storno */
export const stornoRequest = z.strictObject({
  reason: z.string(M.reasonRequired).trim().min(3, M.reasonRequired).max(300, M.reasonTooLong),
});
export type StornoRequest = z.input<typeof stornoRequest>;

/** POST /api/facturi/{id}/email */
export const invoiceEmailRequest = z.strictObject({
  to: z.string(M.noEmail).trim().toLowerCase().min(1, M.noEmail).email(M.email).max(254, M.email),
});
export type InvoiceEmailRequest = z.input<typeof invoiceEmailRequest>;

/** 'failed': the mail stays in the outbox as failed (the SMTP server refused it); the user may try again. */
export const invoiceEmailResponse = z.object({ status: z.enum(['sent', 'failed']), to: z.string() });

export const invoiceLine = z.object({
  position: z.number().int(),
  chargeId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceBani: amountBani,
  vatRateBp: z.number().int().nullable(),
  totalBani: amountBani,
  netBani: z.number().int(),
  vatBani: z.number().int(),
  category: z.enum(['S', 'E', 'O']),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

const party = z.object({
  name: z.string(),
  /** CUI (seller, company) or CNP (person, thirteen zeros when none). */
  code: z.string(),
  regCom: z.string(),
  address: z.string(),
});

/** The invoice as the screen, the printout and the PDF show it. */
export const invoice = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  series: z.string(),
  number: z.number().int(),
  /** 'ODT 42' */
  fullNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  patientId: z.string(),
  patientName: z.string(),
  buyerKind: z.enum(['person', 'company']),
  seller: party.extend({ iban: z.string(), bank: z.string(), vatPayer: z.boolean() }),
  buyer: party,
  lines: z.array(invoiceLine),
  exemptionText: z.string(),
  note: z.string(),
  taxExclusiveBani: z.number().int(),
  vatBani: z.number().int(),
  totalBani: z.number().int(),
  payableBani: z.number().int(),
  /** A credit note: the invoice it reverses. */
  reverses: z.object({ id: z.string(), fullNumber: z.string(), issueDate: z.string() }).nullable(),
  /** An invoice: its credit note, once reversed. */
  reversedBy: z.object({ id: z.string(), fullNumber: z.string(), issueDate: z.string() }).nullable(),
  reason: z.string().nullable(),
  efactura: efacturaSubmission.nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceListItem = invoice
  .pick({
    id: true,
    kind: true,
    series: true,
    number: true,
    fullNumber: true,
    issueDate: true,
    patientId: true,
    patientName: true,
    buyerKind: true,
    totalBani: true,
    reverses: true,
    reversedBy: true,
    createdAt: true,
  })
  .extend({
    buyerName: z.string(),
    efacturaState: z.string().nullable(),
  });
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const EFACTURA_STATE_FILTERS = [
  'queued',
  'uploading',
  'uploaded',
  'ok',
  'nok',
  'failed',
  'check',
] as const;

/** GET /api/facturi */
export const invoiceListQuery = z.strictObject({
  luna: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month)
    .optional(),
  serie: z.string().trim().toUpperCase().max(10).optional(),
  stare: z.enum(EFACTURA_STATE_FILTERS).optional(),
  pacient: id.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

export const invoiceListResponse = z.object({
  items: z.array(invoiceListItem),
  /** Exact up to 1,000 matches, then a lower bound with `totalIsCapped` (contracts/paging.ts). */
  ...pagedTotalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponse>;

/** A charge of the patient's account that can go on an invoice. */
export const invoiceableCharge = z.object({
  id: z.string(),
  description: z.string(),
  teeth: z.array(z.string()),
  quantity: z.number().int(),
  amountBani: amountBani,
  vatRateBp: z.number().int().nullable(),
  day: z.string(),
});
export type InvoiceableCharge = z.infer<typeof invoiceableCharge>;

/** GET /api/pacienti/{id}/facturi: the patient's invoices, what can still be invoiced and the buyer to propose. */
export const patientInvoicesResponse = z.object({
  invoices: z.array(invoiceListItem),
  invoiceableCharges: z.array(invoiceableCharge),
  buyer: z.object({ name: z.string(), city: z.string(), countyCode: z.string() }),
});
export type PatientInvoicesResponse = z.infer<typeof patientInvoicesResponse>;

/**
 * A location's own series (issue 14, decision 0050): its invoices and the credit notes of its invoices are
 * numbered from them. A location without a pair uses the clinic's.
 */
export const locationInvoiceSeries = z.object({
  locationId: z.string(),
  invoiceSeries: z.string(),
  invoiceStart: z.number().int(),
  creditNoteSeries: z.string(),
  creditNoteStart: z.number().int(),
  nextInvoiceNumber: z.number().int(),
  nextCreditNoteNumber: z.number().int(),
});
export type LocationInvoiceSeries = z.infer<typeof locationInvoiceSeries>;

/** GET/PUT /api/facturi-setari (admin): the series and where their numbers start. */
export const invoiceSettings = z.object({
  invoiceSeries: z.string(),
  invoiceStart: z.number().int(),
  creditNoteSeries: z.string(),
  creditNoteStart: z.number().int(),
  /** The next number each series will give. */
  nextInvoiceNumber: z.number().int(),
  nextCreditNoteNumber: z.number().int(),
  /** The locations with series of their own (empty: every document takes the clinic's series). */
  locations: z.array(locationInvoiceSeries),
  version: z.number().int(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettings>;

const seriesField = z.string(M.series).trim().toUpperCase().regex(SERIES_PATTERN, M.series);
const startField = z
  .number(M.startNumber)
  .int(M.startNumber)
  .min(1, M.startNumber)
  .max(99_999_999, M.startNumber);

const seriesPair = {
  invoiceSeries: seriesField,
  invoiceStart: startField,
  creditNoteSeries: seriesField,
  creditNoteStart: startField,
};

export const locationSeriesUpdate = z.strictObject({ locationId: id, ...seriesPair });
export type LocationSeriesUpdate = z.input<typeof locationSeriesUpdate>;

export const invoiceSettingsUpdate = z
  .strictObject({
    ...seriesPair,
    /**
     * The locations with series of their own, all of them (a location left out takes the clinic's again).
     * Not sent: the locations' series stay as they are (a single-location clinic never sends it).
     */
    locations: z.array(locationSeriesUpdate).max(200).optional(),
    version: z.number().int().min(0),
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.locations?.forEach((pair, index) => {
      if (seen.has(pair.locationId)) {
        context.addIssue({
          code: 'custom',
          path: ['locations', index, 'locationId'],
          message: M.locationTwice,
        });
      }
      seen.add(pair.locationId);
    });
  });
export type InvoiceSettingsUpdate = z.input<typeof invoiceSettingsUpdate>;

export const DEFAULT_INVOICE_SERIES = { invoiceSeries: 'ODT', creditNoteSeries: 'ODTS' } as const;

export const EFACTURA_STATE_LABELS: Record<string, string> = {
  queued: 'În așteptare',
  uploading: 'Se trimite',
  uploaded: 'Trimisă, în verificare la ANAF',
  ok: 'Validată de ANAF',
  nok: 'Respinsă de ANAF',
  failed: 'Netrimisă (eroare)',
  check: 'De verificat în SPV',
};

/** Where the printed invoice and the PDF say who the buyer is: 'CNP 1960…' or 'CUI RO123…'. */
export function buyerCodeLabel(kind: 'person' | 'company', code: string): string {
  return kind === 'person' ? `CNP ${code}` : `CUI ${code}`;
}
