/**
 * What an e-Factura document must satisfy before it is issued (issue 13; decision 0020): the zod schema of
 * `EInvoiceDocument` with Romanian messages. It holds the CIUS-RO limits the official rules check (name and
 * address lengths, București sectors, ISO 3166-2:RO counties, the buyer's identifier), the CNP and CUI
 * checksums, and the product's own rules (a credit note names its invoice; a seller not registered for VAT
 * charges none), so an invoice that passes it also passes ANAF's validation.
 */
import { z } from 'zod';
import { cnp } from './cnp';
import { isVatCui, validateCui } from './cui';
import { bucharestSectorCode, type EInvoiceDocument } from './efactura';
import { amountBani, FULL_PERCENT_BP } from './money';
import { countyByAuto } from './places';

export const EFACTURA_MESSAGES = {
  required: (field: string) => `Completați ${field}.`,
  tooLong: (field: string, max: number) => `${field} poate avea cel mult ${max} de caractere.`,
  day: 'Data nu este validă (AAAA-LL-ZZ).',
  dueBeforeIssue: 'Scadența nu poate fi înaintea datei facturii.',
  county: 'Județul nu este valid.',
  sector: 'Pentru București, localitatea trebuie să fie sectorul (ex.: Sector 3).',
  sellerVatCui: 'Un furnizor plătitor de TVA are codul fiscal cu „RO” în față.',
  sellerNonVatCui: 'Un furnizor neplătitor de TVA are codul fiscal fără „RO”.',
  nonVatSellerRate: 'Un furnizor neplătitor de TVA nu poate factura cu TVA.',
  vatRate: 'Cota de TVA trebuie să fie între 0,01% și 100%, sau scutit.',
  quantity: 'Cantitatea trebuie să fie un număr întreg de cel puțin 1.',
  lineTotal: 'Totalul liniei nu poate depăși cantitatea × prețul unitar.',
  noLines: 'Factura trebuie să aibă cel puțin o linie.',
  exemptionText: 'Completați mențiunea de scutire de TVA (ex.: art. 292 din Codul fiscal).',
  creditNoteReference: 'Factura storno trebuie să indice factura pe care o stornează.',
  prepaidTooLarge: 'Avansul încasat nu poate depăși totalul facturii.',
  iban: 'IBAN-ul nu este valid.',
  number: 'Numărul facturii trebuie să fie un număr întreg de cel puțin 1.',
} as const;

const M = EFACTURA_MESSAGES;

const text = (field: string, max: number) =>
  z.string().trim().min(1, M.required(field)).max(max, M.tooLong(field, max));
const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, M.tooLong(field, max)).optional();

const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.day)
  .refine(isRealDay, M.day);

/** ISO 13616: the letters as numbers, the first four characters moved to the end, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0) === 1;
}

const address = z
  .object({
    street: text('strada și numărul', 150),
    city: text('localitatea', 50),
    countyCode: z
      .string()
      .trim()
      .refine((code) => countyByAuto(code) !== undefined, M.county),
    postalCode: optionalText('Codul poștal', 20),
    country: z.literal('RO'),
  })
  .refine(
    (value) => countyByAuto(value.countyCode)?.auto !== 'B' || bucharestSectorCode(value.city) !== null,
    {
      message: M.sector,
      path: ['city'],
    },
  );

const cuiField = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const check = validateCui(value);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });

const seller = z
  .object({
    name: text('numele furnizorului', 200),
    cui: cuiField,
    regCom: z.string().trim().max(100, M.tooLong('Nr. Reg. Com.', 100)),
    address,
    iban: z.string().trim().refine(isValidIban, M.iban).optional(),
    bank: optionalText('Banca', 200),
    email: optionalText('Emailul', 100),
    phone: optionalText('Telefonul', 100),
    vatPayer: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.vatPayer !== isVatCui(value.cui)) {
      const message = value.vatPayer ? M.sellerVatCui : M.sellerNonVatCui;
      context.addIssue({ code: 'custom', message, path: ['cui'] });
    }
  });

const buyer = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('person'),
    name: text('numele cumpărătorului', 200),
    cnp: cnp.nullable(),
    address,
  }),
  z.object({
    kind: z.literal('company'),
    name: text('numele cumpărătorului', 200),
    cui: cuiField,
    regCom: optionalText('Nr. Reg. Com.', 100),
    address,
  }),
]);

const line = z
  .object({
    name: text('denumirea serviciului', 100),
    quantity: z.number(M.quantity).int(M.quantity).min(1, M.quantity).max(100_000, M.quantity),
    unitPriceBani: amountBani,
    vatRateBp: z
      .number(M.vatRate)
      .int(M.vatRate)
      .min(1, M.vatRate)
      .max(FULL_PERCENT_BP, M.vatRate)
      .nullable(),
    totalBani: amountBani,
  })
  .refine((value) => value.totalBani <= value.quantity * value.unitPriceBani, {
    message: M.lineTotal,
    path: ['totalBani'],
  });

const reference = z.object({
  series: text('seria facturii stornate', 20),
  number: z.number(M.number).int(M.number).min(1, M.number),
  issueDate: day,
});

/** A document ready to issue; parse it before `computeInvoiceTotals` and the UBL writer see it. */
export const eInvoiceDocument = z
  .object({
    kind: z.enum(['invoice', 'credit-note']),
    series: text('seria', 20),
    number: z.number(M.number).int(M.number).min(1, M.number),
    issueDate: day,
    dueDate: day.optional(),
    currency: z.literal('RON'),
    seller,
    buyer,
    lines: z.array(line).min(1, M.noLines).max(999),
    exemptionText: z.string().trim().max(100, M.tooLong('Mențiunea de scutire', 100)),
    note: optionalText('Mențiunea', 300),
    billingReference: reference.optional(),
    prepaidBani: amountBani.optional(),
  })
  .superRefine((doc, context) => {
    const issue = (message: string, path: (string | number)[]) =>
      context.addIssue({ code: 'custom', message, path });
    if (doc.dueDate && doc.dueDate < doc.issueDate) issue(M.dueBeforeIssue, ['dueDate']);
    if (doc.kind === 'credit-note' && !doc.billingReference)
      issue(M.creditNoteReference, ['billingReference']);
    doc.lines.forEach((item, index) => {
      if (!doc.seller.vatPayer && item.vatRateBp !== null)
        issue(M.nonVatSellerRate, ['lines', index, 'vatRateBp']);
    });
    const needsExemption = !doc.seller.vatPayer || doc.lines.some((item) => item.vatRateBp === null);
    if (needsExemption && doc.exemptionText === '') issue(M.exemptionText, ['exemptionText']);
    const gross = doc.lines.reduce((sum, item) => sum + item.totalBani, 0);
    if ((doc.prepaidBani ?? 0) > gross) issue(M.prepaidTooLarge, ['prepaidBani']);
  }) satisfies z.ZodType<EInvoiceDocument>;
