/**
 * The amounts of a CIUS-RO invoice (decision 0020): VAT breakdown (BG-23), document totals (BG-22) and
 * the lines (BG-25), all from `computeInvoiceTotals`, written with two decimals.
 */
import type { EInvoiceDocument, InvoiceTotals, VatCategory } from '@odonto/domain/efactura';
import { formatDecimalAmount } from '@odonto/domain/money';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** UN/ECE rec. 20 'one': a treatment or an item counted in whole units. */
const UNIT_CODE = 'C62';
/** UNTDID 5189 'Discount'. */
const DISCOUNT_REASON_CODE = '95';
const DISCOUNT_REASON = 'Reducere';
/** VATEX code of category 'O' (not subject to VAT). */
const NOT_SUBJECT_CODE = 'VATEX-EU-O';

/** '21.00' / '12.50': a rate in basis points as EN 16931 writes a percentage. */
export function formatRate(rateBp: number): string {
  return formatDecimalAmount(rateBp);
}

function amount(parent: XMLBuilder, name: string, bani: number, currency: string): void {
  parent.ele(name, { currencyID: currency }).txt(formatDecimalAmount(bani));
}

function addCategory(
  parent: XMLBuilder,
  name: string,
  category: VatCategory,
  rateBp: number | null,
): XMLBuilder {
  const node = parent.ele(name);
  node.ele('cbc:ID').txt(category);
  if (rateBp !== null) node.ele('cbc:Percent').txt(formatRate(rateBp));
  return node;
}

function addTaxScheme(category: XMLBuilder): void {
  category.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
}

export function addTaxTotal(root: XMLBuilder, doc: EInvoiceDocument, totals: InvoiceTotals): void {
  const taxTotal = root.ele('cac:TaxTotal');
  amount(taxTotal, 'cbc:TaxAmount', totals.vatBani, doc.currency);
  for (const part of totals.breakdown) {
    const subtotal = taxTotal.ele('cac:TaxSubtotal');
    amount(subtotal, 'cbc:TaxableAmount', part.taxableBani, doc.currency);
    amount(subtotal, 'cbc:TaxAmount', part.vatBani, doc.currency);
    const category = addCategory(subtotal, 'cac:TaxCategory', part.category, part.rateBp);
    if (part.category === 'O') category.ele('cbc:TaxExemptionReasonCode').txt(NOT_SUBJECT_CODE);
    if (part.exemptionText !== undefined)
      category.ele('cbc:TaxExemptionReason').txt(part.exemptionText.trim());
    addTaxScheme(category);
  }
}

export function addMonetaryTotal(root: XMLBuilder, doc: EInvoiceDocument, totals: InvoiceTotals): void {
  const node = root.ele('cac:LegalMonetaryTotal');
  amount(node, 'cbc:LineExtensionAmount', totals.lineNetSumBani, doc.currency);
  amount(node, 'cbc:TaxExclusiveAmount', totals.taxExclusiveBani, doc.currency);
  amount(node, 'cbc:TaxInclusiveAmount', totals.taxInclusiveBani, doc.currency);
  if (totals.prepaidBani !== 0) amount(node, 'cbc:PrepaidAmount', totals.prepaidBani, doc.currency);
  amount(node, 'cbc:PayableAmount', totals.payableBani, doc.currency);
}

/**
 * The lines. The item price (BT-146) is the net price before the discount; when it is not a whole number of
 * bani per unit, it is given for the whole quantity (BT-149 base quantity = quantity), so price × quantity
 * − discount = line net amount holds exactly, as a reader checks it.
 */
export function addLines(root: XMLBuilder, doc: EInvoiceDocument, totals: InvoiceTotals): void {
  const isCredit = doc.kind === 'credit-note';
  doc.lines.forEach((line, index) => {
    const figures = totals.lines[index];
    if (!figures) return;
    const node = root.ele(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    node.ele('cbc:ID').txt(String(index + 1));
    node
      .ele(isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', { unitCode: UNIT_CODE })
      .txt(String(line.quantity));
    amount(node, 'cbc:LineExtensionAmount', figures.netBani, doc.currency);
    if (figures.discountNetBani !== 0) {
      const discount = node.ele('cac:AllowanceCharge');
      discount.ele('cbc:ChargeIndicator').txt('false');
      discount.ele('cbc:AllowanceChargeReasonCode').txt(DISCOUNT_REASON_CODE);
      discount.ele('cbc:AllowanceChargeReason').txt(DISCOUNT_REASON);
      amount(discount, 'cbc:Amount', figures.discountNetBani, doc.currency);
    }
    const item = node.ele('cac:Item');
    item.ele('cbc:Name').txt(line.name.trim());
    addTaxScheme(addCategory(item, 'cac:ClassifiedTaxCategory', figures.category, figures.rateBp));
    const price = node.ele('cac:Price');
    const isWholeUnitPrice = figures.listNetBani % line.quantity === 0;
    amount(
      price,
      'cbc:PriceAmount',
      isWholeUnitPrice ? figures.listNetBani / line.quantity : figures.listNetBani,
      doc.currency,
    );
    if (!isWholeUnitPrice) price.ele('cbc:BaseQuantity', { unitCode: UNIT_CODE }).txt(String(line.quantity));
  });
}
