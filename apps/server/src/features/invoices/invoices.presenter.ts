import type { EfacturaSubmission } from '@odonto/domain/contracts/efactura';
import type { Invoice, InvoiceListItem } from '@odonto/domain/contracts/invoices';
import { ANONYMOUS_CNP } from '@odonto/domain/cnp';
import { computeInvoiceTotals, documentNumber, type EInvoiceDocument } from '@odonto/domain/efactura';
import type { InvoiceLineRow, InvoiceRow } from '../../db/database';
import { formatAddress } from './invoice-document';
import type { InvoiceWithNames } from './invoices.queries';

type Reference = Pick<InvoiceRow, 'id' | 'series' | 'number' | 'issue_date'>;

export function parseDocument(row: Pick<InvoiceRow, 'document'>): EInvoiceDocument {
  return JSON.parse(row.document) as EInvoiceDocument;
}

function referenceOf(row: Reference | undefined): Invoice['reverses'] {
  return row
    ? { id: row.id, fullNumber: documentNumber(row.series, Number(row.number)), issueDate: row.issue_date }
    : null;
}

function kindOf(row: Pick<InvoiceRow, 'kind'>): Invoice['kind'] {
  return row.kind === 'credit-note' ? 'credit-note' : 'invoice';
}

export function toListItem(
  row: InvoiceWithNames,
  reverses: Reference | undefined,
  reversedBy: Reference | undefined,
): InvoiceListItem {
  return {
    id: row.id,
    kind: kindOf(row),
    series: row.series,
    number: Number(row.number),
    fullNumber: documentNumber(row.series, Number(row.number)),
    issueDate: row.issue_date,
    patientId: row.patient_id,
    patientName: row.patient_name,
    buyerKind: row.buyer_kind === 'company' ? 'company' : 'person',
    buyerName: row.buyer_name,
    totalBani: Number(row.total_bani),
    reverses: referenceOf(reverses),
    reversedBy: referenceOf(reversedBy),
    efacturaState: row.efactura_state,
    createdAt: row.created_at,
  };
}

export function toInvoice(
  row: InvoiceWithNames,
  lines: InvoiceLineRow[],
  reverses: Reference | undefined,
  reversedBy: Reference | undefined,
  submission: EfacturaSubmission | null,
): Invoice {
  const doc = parseDocument(row);
  const totals = computeInvoiceTotals(doc);
  const buyer = doc.buyer;
  return {
    ...toListItem(row, reverses, reversedBy),
    dueDate: doc.dueDate ?? (doc.kind === 'invoice' ? doc.issueDate : null),
    seller: {
      name: doc.seller.name,
      code: doc.seller.cui,
      regCom: doc.seller.regCom,
      address: formatAddress(doc.seller.address),
      iban: doc.seller.iban ?? '',
      bank: doc.seller.bank ?? '',
      vatPayer: doc.seller.vatPayer,
    },
    buyer: {
      name: buyer.name,
      code: buyer.kind === 'person' ? (buyer.cnp ?? ANONYMOUS_CNP) : buyer.cui,
      regCom: buyer.kind === 'company' ? (buyer.regCom ?? '') : '',
      address: formatAddress(buyer.address),
    },
    lines: lines.map((line, index) => {
      const lineTotals = totals.lines[index];
      const net = lineTotals?.netBani ?? Number(line.total_bani);
      return {
        position: line.position,
        chargeId: line.charge_id,
        name: line.name,
        quantity: line.quantity,
        unitPriceBani: Number(line.unit_price_bani),
        vatRateBp: line.vat_rate_bp,
        totalBani: Number(line.total_bani),
        netBani: net,
        vatBani: Number(line.total_bani) - net,
        category: lineTotals?.category ?? 'E',
      };
    }),
    exemptionText: doc.exemptionText,
    note: doc.note ?? '',
    taxExclusiveBani: Number(row.tax_exclusive_bani),
    vatBani: Number(row.vat_bani),
    payableBani: Number(row.payable_bani),
    reason: row.reason,
    efactura: submission,
    createdByName: row.created_by_name,
    version: row.version,
  };
}
