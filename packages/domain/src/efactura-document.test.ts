import { describe, expect, it } from 'vitest';
import { CNP_MESSAGES } from './cnp';
import { CUI_MESSAGES } from './cui';
import type { EInvoiceDocument } from './efactura';
import { EFACTURA_MESSAGES as M, eInvoiceDocument, isValidIban } from './efactura-document';

const ADDRESS = { street: 'Str. Lungă nr. 1', city: 'Brașov', countyCode: 'BV', country: 'RO' } as const;

const valid: EInvoiceDocument = {
  kind: 'invoice',
  series: 'ODT',
  number: 7,
  issueDate: '2026-11-20',
  dueDate: '2026-12-04',
  currency: 'RON',
  seller: {
    name: 'Clinica Zâmbet SRL',
    cui: 'RO14399840',
    regCom: 'J08/1/2020',
    address: ADDRESS,
    iban: 'RO49 AAAA 1B31 0075 9384 0000',
    vatPayer: true,
  },
  buyer: { kind: 'person', name: 'Ionescu Maria', cnp: '1800101120017', address: ADDRESS },
  lines: [{ name: 'Obturație', quantity: 2, unitPriceBani: 20_000, vatRateBp: null, totalBani: 36_000 }],
  exemptionText: 'Scutit de TVA conform art. 292 din Codul fiscal',
};

type Change = (doc: EInvoiceDocument) => EInvoiceDocument;

function firstIssue(change: Change) {
  const result = eInvoiceDocument.safeParse(change(structuredClone(valid)));
  return result.success
    ? null
    : { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path.join('.') };
}

describe('eInvoiceDocument: a complete document passes', () => {
  it.each<[string, Change]>([
    ['an invoice to a person with a CNP', (doc) => doc],
    [
      'a person without a CNP',
      (doc) => ({ ...doc, buyer: { ...doc.buyer, cnp: null } as EInvoiceDocument['buyer'] }),
    ],
    [
      'a company buyer',
      (doc) => ({ ...doc, buyer: { kind: 'company', name: 'Firma SRL', cui: '18547290', address: ADDRESS } }),
    ],
    [
      'a București sector address',
      (doc) => ({
        ...doc,
        seller: { ...doc.seller, address: { ...ADDRESS, countyCode: 'B', city: 'Sector 2' } },
      }),
    ],
    [
      'a credit note with its invoice',
      (doc) => ({
        ...doc,
        kind: 'credit-note',
        billingReference: { series: 'ODT', number: 3, issueDate: '2026-11-01' },
      }),
    ],
    [
      'a seller not registered for VAT, exempt lines',
      (doc) => ({ ...doc, seller: { ...doc.seller, cui: '14399840', vatPayer: false } }),
    ],
  ])('%s', (_name, change) => {
    expect(firstIssue(change)).toBeNull();
  });
});

describe('eInvoiceDocument: what is refused, with a Romanian message at the field', () => {
  it.each<[string, Change, string, string]>([
    [
      'an invalid CNP',
      (doc) => ({ ...doc, buyer: { ...doc.buyer, cnp: '1800101120018' } as EInvoiceDocument['buyer'] }),
      CNP_MESSAGES.control,
      'buyer.cnp',
    ],
    [
      'a company with a wrong CUI',
      (doc) => ({ ...doc, buyer: { kind: 'company', name: 'Firma', cui: '18547291', address: ADDRESS } }),
      CUI_MESSAGES.control,
      'buyer.cui',
    ],
    [
      'a VAT payer without RO',
      (doc) => ({ ...doc, seller: { ...doc.seller, cui: '14399840' } }),
      M.sellerVatCui,
      'seller.cui',
    ],
    [
      'a non-payer with RO',
      (doc) => ({ ...doc, seller: { ...doc.seller, vatPayer: false } }),
      M.sellerNonVatCui,
      'seller.cui',
    ],
    [
      'a non-payer charging VAT',
      (doc) => ({
        ...doc,
        seller: { ...doc.seller, cui: '14399840', vatPayer: false },
        lines: [{ name: 'Albire', quantity: 1, unitPriceBani: 100, vatRateBp: 2100, totalBani: 100 }],
      }),
      M.nonVatSellerRate,
      'lines.0.vatRateBp',
    ],
    [
      'București without a sector',
      (doc) => ({
        ...doc,
        buyer: { ...doc.buyer, address: { ...ADDRESS, countyCode: 'B', city: 'București' } },
      }),
      M.sector,
      'buyer.address.city',
    ],
    [
      'an unknown county',
      (doc) => ({ ...doc, buyer: { ...doc.buyer, address: { ...ADDRESS, countyCode: 'XX' } } }),
      M.county,
      'buyer.address.countyCode',
    ],
    [
      'a street of 151 characters',
      (doc) => ({ ...doc, buyer: { ...doc.buyer, address: { ...ADDRESS, street: 'a'.repeat(151) } } }),
      M.tooLong('strada și numărul', 150),
      'buyer.address.street',
    ],
    [
      'a line name of 101 characters',
      (doc) => ({ ...doc, lines: [{ ...valid.lines[0]!, name: 'x'.repeat(101) }] }),
      M.tooLong('denumirea serviciului', 100),
      'lines.0.name',
    ],
    [
      'a line total above quantity × price',
      (doc) => ({ ...doc, lines: [{ ...valid.lines[0]!, totalBani: 40_001 }] }),
      M.lineTotal,
      'lines.0.totalBani',
    ],
    [
      'a fractional quantity',
      (doc) => ({ ...doc, lines: [{ ...valid.lines[0]!, quantity: 1.5 }] }),
      M.quantity,
      'lines.0.quantity',
    ],
    [
      'a VAT rate of 0',
      (doc) => ({ ...doc, lines: [{ ...valid.lines[0]!, vatRateBp: 0 }] }),
      M.vatRate,
      'lines.0.vatRateBp',
    ],
    ['no lines', (doc) => ({ ...doc, lines: [] }), M.noLines, 'lines'],
    [
      'exempt lines without the exemption text',
      (doc) => ({ ...doc, exemptionText: ' ' }),
      M.exemptionText,
      'exemptionText',
    ],
    [
      'a credit note without its invoice',
      (doc) => ({ ...doc, kind: 'credit-note' }),
      M.creditNoteReference,
      'billingReference',
    ],
    [
      'a due date before the issue date',
      (doc) => ({ ...doc, dueDate: '2026-11-19' }),
      M.dueBeforeIssue,
      'dueDate',
    ],
    ['a date that does not exist', (doc) => ({ ...doc, issueDate: '2026-02-30' }), M.day, 'issueDate'],
    [
      'an advance above the total',
      (doc) => ({ ...doc, prepaidBani: 36_001 }),
      M.prepaidTooLarge,
      'prepaidBani',
    ],
    [
      'a wrong IBAN',
      (doc) => ({ ...doc, seller: { ...doc.seller, iban: 'RO49AAAA1B31007593840001' } }),
      M.iban,
      'seller.iban',
    ],
  ])('%s', (_name, change, message, path) => {
    expect(firstIssue(change)).toEqual({ message, path });
  });
});

describe('isValidIban', () => {
  it.each([
    ['RO49AAAA1B31007593840000', true],
    ['ro49 aaaa 1b31 0075 9384 0000', true],
    ['GB82WEST12345698765432', true],
    ['RO49AAAA1B31007593840001', false],
    ['RO49', false],
    ['', false],
  ])('%s → %s', (iban, ok) => {
    expect(isValidIban(iban)).toBe(ok);
  });
});
