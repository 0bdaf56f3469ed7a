/**
 * The invoice document of RO e-Factura (issue 13; decision 0020): what an invoice or a credit note says,
 * independent of how it is stored or sent, and the pure arithmetic of its totals.
 *
 * Prices in a dental clinic are gross (the patient pays the price-list amount, VAT included, and most
 * dental care is exempt anyway). EN 16931 states every amount net, so the totals are derived from the
 * gross line totals, per VAT category:
 * - standard rate r ('S'): the category's gross sum G is split into a taxable amount T and VAT G − T,
 *   where T is chosen so that VAT = round(T × r) whenever such a T exists; for the few sums no T reaches
 *   exactly, T = round(G / (1 + r)) and the VAT is one ban off round(T × r), inside EN 16931's tolerance
 *   (BR-S-09, BR-CO-17). The payable amount therefore always equals what the patient was charged.
 *   T is then spread over the category's lines in proportion to their gross totals (largest remainder), so
 *   the line nets add up to T exactly (BR-CO-10, BR-S-08);
 * - exempt ('E', a VAT-registered clinic's medical care, art. 292 Cod fiscal) and not subject to VAT ('O',
 *   a seller not registered for VAT): net = gross, VAT 0.
 * A credit note carries the amounts it credits as positive numbers (UBL CreditNote), like the invoice's.
 */
import { allocateProportionally, FULL_PERCENT_BP, percentOf, roundDiv } from './money';

/** EN 16931 VAT category codes (UNTDID 5305) the product uses. */
export type VatCategory = 'S' | 'E' | 'O';

export interface EInvoiceAddress {
  /** Street, number, building: BT-35 / BT-50 (CIUS-RO: required, ≤ 150 characters). */
  street: string;
  /** The locality; for București the sector ('Sector 3'), written SECTOR3 in the XML (BR-RO-100). */
  city: string;
  /** The county's car registration code: 'CJ', 'B' … (ISO 3166-2:RO without 'RO-'). */
  countyCode: string;
  postalCode?: string;
  country: 'RO';
}

export interface EInvoiceSeller {
  name: string;
  /** 'RO1234567' for a VAT payer, '1234567' otherwise. */
  cui: string;
  /** Trade register number, e.g. 'J12/345/2020'. */
  regCom: string;
  address: EInvoiceAddress;
  iban?: string;
  bank?: string;
  email?: string;
  phone?: string;
  vatPayer: boolean;
}

export type EInvoiceBuyer =
  | { kind: 'person'; name: string; cnp: string | null; address: EInvoiceAddress }
  | { kind: 'company'; name: string; cui: string; regCom?: string; address: EInvoiceAddress };

export interface EInvoiceLine {
  name: string;
  /** Whole units (treatments, pieces). */
  quantity: number;
  /** Gross unit price, VAT included, before any discount. */
  unitPriceBani: number;
  /** VAT rate in basis points (2100 = 21 %); null when the line is exempt. */
  vatRateBp: number | null;
  /** Gross line total after the discount: at most quantity × unitPriceBani. */
  totalBani: number;
}

/** The invoice a credit note reverses (BG-3). */
export interface EInvoiceReference {
  series: string;
  number: number;
  issueDate: string;
}

export interface EInvoiceDocument {
  kind: 'invoice' | 'credit-note';
  series: string;
  number: number;
  /** 'YYYY-MM-DD', the clinic day of issue. */
  issueDate: string;
  dueDate?: string;
  currency: 'RON';
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  lines: EInvoiceLine[];
  /** Why exempt (or not subject to) VAT, printed on the invoice and sent as BT-120 (≤ 100 characters). */
  exemptionText: string;
  note?: string;
  /** Required for a credit note: the invoice it reverses. */
  billingReference?: EInvoiceReference;
  /** Already paid before the invoice (BT-113), e.g. an advance; the payable amount is what remains. */
  prepaidBani?: number;
}

export interface LineTotals {
  category: VatCategory;
  /** 0 for 'E'; null for 'O' (EN 16931 allows no rate there). */
  rateBp: number | null;
  grossBani: number;
  /** BT-131, the line's net amount after the discount. */
  netBani: number;
  /** The net discount (BT-136); 0 when the line has none. */
  discountNetBani: number;
  /** netBani + discountNetBani: the net price of the whole quantity before the discount. */
  listNetBani: number;
}

export interface VatBreakdown {
  category: VatCategory;
  rateBp: number | null;
  /** BT-116 */
  taxableBani: number;
  /** BT-117 */
  vatBani: number;
  /** BT-120 for 'E' and 'O'. */
  exemptionText?: string;
}

export interface InvoiceTotals {
  lines: LineTotals[];
  breakdown: VatBreakdown[];
  /** BT-106 */
  lineNetSumBani: number;
  /** BT-109 (no document-level allowances or charges: equals BT-106). */
  taxExclusiveBani: number;
  /** BT-110 */
  vatBani: number;
  /** BT-112: always the sum of the gross line totals. */
  taxInclusiveBani: number;
  /** BT-113 */
  prepaidBani: number;
  /** BT-115 */
  payableBani: number;
}

/** 'ODT 42': the invoice number (BT-1) of a series and its consecutive number. */
export function documentNumber(series: string, number: number): string {
  return `${series} ${number}`;
}

/** The VAT category of a line: 'O' for every line of a seller not registered for VAT. */
export function lineCategory(
  seller: Pick<EInvoiceSeller, 'vatPayer'>,
  line: Pick<EInvoiceLine, 'vatRateBp'>,
): VatCategory {
  if (!seller.vatPayer) return 'O';
  return line.vatRateBp === null ? 'E' : 'S';
}

/**
 * The taxable part of a gross sum at a standard rate: the T with T + round(T × rate) = gross when one
 * exists (VAT exact to the ban), else round(gross / (1 + rate)).
 */
export function taxableOfGross(grossBani: number, rateBp: number): number {
  const nearest = roundDiv(grossBani * FULL_PERCENT_BP, FULL_PERCENT_BP + rateBp);
  const exact = [nearest, nearest - 1, nearest + 1].find(
    (taxable) => taxable + percentOf(taxable, rateBp) === grossBani,
  );
  return exact ?? nearest;
}

interface Group {
  category: VatCategory;
  rateBp: number | null;
  indexes: number[];
}

function groupLines(doc: EInvoiceDocument): Group[] {
  const groups = new Map<string, Group>();
  doc.lines.forEach((line, index) => {
    const category = lineCategory(doc.seller, line);
    const rateBp = category === 'S' ? (line.vatRateBp ?? 0) : category === 'E' ? 0 : null;
    const key = `${category}:${rateBp ?? ''}`;
    const group = groups.get(key) ?? { category, rateBp, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  const order = (group: Group) =>
    group.category === 'S' ? -(group.rateBp ?? 0) : group.category === 'E' ? 1 : 2;
  return [...groups.values()].sort((a, b) => order(a) - order(b));
}

/** The net line amounts, the VAT breakdown and the document totals, all in whole bani (see the header). */
export function computeInvoiceTotals(doc: EInvoiceDocument): InvoiceTotals {
  const lines: LineTotals[] = [];
  const breakdown: VatBreakdown[] = [];
  for (const group of groupLines(doc)) {
    const grosses = group.indexes.map((index) => doc.lines[index]?.totalBani ?? 0);
    const grossSum = grosses.reduce((sum, gross) => sum + gross, 0);
    const rateBp = group.rateBp ?? 0;
    const taxable = group.category === 'S' ? taxableOfGross(grossSum, rateBp) : grossSum;
    const nets = allocateProportionally(taxable, grosses);
    group.indexes.forEach((lineIndex, position) => {
      const line = doc.lines[lineIndex];
      const gross = grosses[position] ?? 0;
      const net = nets[position] ?? 0;
      const discountGross = line ? line.quantity * line.unitPriceBani - gross : 0;
      const discountNet =
        group.category === 'S'
          ? roundDiv(discountGross * FULL_PERCENT_BP, FULL_PERCENT_BP + rateBp)
          : discountGross;
      lines[lineIndex] = {
        category: group.category,
        rateBp: group.rateBp,
        grossBani: gross,
        netBani: net,
        discountNetBani: discountNet,
        listNetBani: net + discountNet,
      };
    });
    breakdown.push({
      category: group.category,
      rateBp: group.rateBp,
      taxableBani: taxable,
      vatBani: grossSum - taxable,
      ...(group.category === 'S' ? {} : { exemptionText: doc.exemptionText }),
    });
  }
  const lineNetSumBani = lines.reduce((sum, line) => sum + line.netBani, 0);
  const vatBani = breakdown.reduce((sum, part) => sum + part.vatBani, 0);
  const taxInclusiveBani = lineNetSumBani + vatBani;
  const prepaidBani = doc.prepaidBani ?? 0;
  return {
    lines,
    breakdown,
    lineNetSumBani,
    taxExclusiveBani: lineNetSumBani,
    vatBani,
    taxInclusiveBani,
    prepaidBani,
    payableBani: taxInclusiveBani - prepaidBani,
  };
}

const SECTOR = /^(?:(?:municipiul\s+)?bucure[sșş]ti\s*[,-]?\s*)?sector(?:ul)?\s*([1-6])$/i;

/** 'Sector 3', 'sectorul 3', 'București, Sector 3', 'SECTOR3' → 'SECTOR3' (SECTOR-RO code list); else null. */
export function bucharestSectorCode(city: string): string | null {
  const match = SECTOR.exec(city.trim());
  return match ? `SECTOR${match[1]}` : null;
}
