/**
 * An e-Factura document as UBL 2.1 XML of the Romanian CIUS-RO (EN 16931 with ANAF's rules; decision
 * 0020): an Invoice (type 380) or a CreditNote (type 381) that reverses an earlier invoice. Pure: the same
 * document always gives the same bytes, so the XML can be rebuilt and compared at any time.
 */
import {
  computeInvoiceTotals,
  documentNumber,
  type EInvoiceDocument,
  type InvoiceTotals,
} from '@odonto/domain/efactura';
import type * as Xmlbuilder2 from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { onFirstUse } from '../../load-on-first-use';
import { addLines, addMonetaryTotal, addTaxTotal } from './ubl-amounts';
import { addCustomerParty, addSupplierParty } from './ubl-parties';

const xmlbuilder2 = onFirstUse<typeof Xmlbuilder2>('xmlbuilder2');

export const CIUS_RO_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';

const NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'credit-note': 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** UNTDID 4461 'credit transfer'. */
const CREDIT_TRANSFER = '30';

function addPayment(root: XMLBuilder, doc: EInvoiceDocument): void {
  const iban = doc.seller.iban?.replace(/\s+/g, '').toUpperCase();
  if (iban) {
    const means = root.ele('cac:PaymentMeans');
    means.ele('cbc:PaymentMeansCode').txt(CREDIT_TRANSFER);
    if (doc.kind === 'credit-note' && doc.dueDate) means.ele('cbc:PaymentDueDate').txt(doc.dueDate);
    const account = means.ele('cac:PayeeFinancialAccount');
    account.ele('cbc:ID').txt(iban);
    if (doc.seller.bank?.trim()) account.ele('cbc:Name').txt(doc.seller.bank.trim());
  }
  // BR-CO-25: an amount due needs a due date or payment terms. An invoice always has its due date; a credit
  // note (UBL has no DueDate there) says in its terms that it reverses the referenced invoice.
  const reference = doc.billingReference;
  if (doc.kind === 'credit-note' && reference) {
    const terms = `Stornare a facturii ${documentNumber(reference.series, reference.number)} din ${reference.issueDate}.`;
    root.ele('cac:PaymentTerms').ele('cbc:Note').txt(terms);
  }
}

function addHeader(root: XMLBuilder, doc: EInvoiceDocument): void {
  root.ele('cbc:CustomizationID').txt(CIUS_RO_CUSTOMIZATION_ID);
  root.ele('cbc:ID').txt(documentNumber(doc.series, doc.number));
  root.ele('cbc:IssueDate').txt(doc.issueDate);
  if (doc.kind === 'invoice') {
    root.ele('cbc:DueDate').txt(doc.dueDate ?? doc.issueDate);
    root.ele('cbc:InvoiceTypeCode').txt('380');
  } else {
    root.ele('cbc:CreditNoteTypeCode').txt('381');
  }
  if (doc.note?.trim()) root.ele('cbc:Note').txt(doc.note.trim());
  root.ele('cbc:DocumentCurrencyCode').txt(doc.currency);
  const reference = doc.billingReference;
  if (reference) {
    const invoice = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    invoice.ele('cbc:ID').txt(documentNumber(reference.series, reference.number));
    invoice.ele('cbc:IssueDate').txt(reference.issueDate);
  }
}

/** The UBL XML of the document and the totals it states (the same `computeInvoiceTotals` gives). */
export function buildUblInvoice(doc: EInvoiceDocument): { xml: string; totals: InvoiceTotals } {
  const totals = computeInvoiceTotals(doc);
  const isCredit = doc.kind === 'credit-note';
  const root = xmlbuilder2()
    .create({ version: '1.0', encoding: 'UTF-8' })
    .ele(isCredit ? NAMESPACES['credit-note'] : NAMESPACES.invoice, isCredit ? 'CreditNote' : 'Invoice', {
      'xmlns:cac': NAMESPACES.cac,
      'xmlns:cbc': NAMESPACES.cbc,
    });
  addHeader(root, doc);
  addSupplierParty(root, doc);
  addCustomerParty(root, doc);
  addPayment(root, doc);
  addTaxTotal(root, doc, totals);
  addMonetaryTotal(root, doc, totals);
  addLines(root, doc, totals);
  return { xml: root.end({ prettyPrint: true }), totals };
}
