/**
 * A representative set of e-Factura documents for the tests (decision 0020): every buyer kind, VAT status,
 * address kind and VAT mix the clinic produces, amounts that stress the rounding, and a credit note.
 */
import type {
  EInvoiceAddress,
  EInvoiceDocument,
  EInvoiceLine,
  EInvoiceSeller,
} from '@odonto/domain/efactura';

const CLUJ: EInvoiceAddress = {
  street: 'Str. Memorandumului nr. 28',
  city: 'Cluj-Napoca',
  countyCode: 'CJ',
  postalCode: '400114',
  country: 'RO',
};
const SECTOR_3: EInvoiceAddress = {
  street: 'Bd. Unirii nr. 61, bl. F3',
  city: 'Sector 3',
  countyCode: 'B',
  country: 'RO',
};
const VILLAGE: EInvoiceAddress = {
  street: 'Str. Principală nr. 12',
  city: 'Florești',
  countyCode: 'CJ',
  country: 'RO',
};

export const VAT_SELLER: EInvoiceSeller = {
  name: 'Clinica Zâmbet SRL',
  cui: 'RO14399840',
  regCom: 'J12/345/2020',
  address: CLUJ,
  iban: 'RO49 AAAA 1B31 0075 9384 0000',
  bank: 'Banca Transilvania',
  email: 'contact@clinica-zambet.ro',
  phone: '0264 123 456',
  vatPayer: true,
};

export const NON_VAT_SELLER: EInvoiceSeller = {
  name: 'Cabinet Medical Individual Dr. Pop Ana',
  cui: '18547290',
  regCom: '',
  address: { ...SECTOR_3, street: 'Str. Fizicienilor nr. 4' },
  vatPayer: false,
};

const EXEMPT_TEXT = 'Scutit de TVA conform art. 292 alin. (1) lit. b) din Codul fiscal';
const NOT_SUBJECT_TEXT = 'Neplătitor de TVA (art. 310 Cod fiscal)';

const line = (
  name: string,
  quantity: number,
  unitPriceBani: number,
  vatRateBp: number | null,
  totalBani?: number,
) =>
  ({
    name,
    quantity,
    unitPriceBani,
    vatRateBp,
    totalBani: totalBani ?? quantity * unitPriceBani,
  }) satisfies EInvoiceLine;

const base = (overrides: Partial<EInvoiceDocument>): EInvoiceDocument => ({
  kind: 'invoice',
  series: 'ODT',
  number: 1,
  issueDate: '2026-11-20',
  dueDate: '2026-12-04',
  currency: 'RON',
  seller: VAT_SELLER,
  buyer: { kind: 'person', name: 'Ionescu Maria', cnp: '2900101120015', address: CLUJ },
  lines: [line('Obturație compozit', 1, 25_000, null)],
  exemptionText: EXEMPT_TEXT,
  ...overrides,
});

/** name → document; names are file names (letters, digits, '-'). */
export const EFACTURA_DOCUMENTS: Record<string, EInvoiceDocument> = {
  'person-with-cnp-exempt': base({}),
  'person-without-cnp': base({
    number: 2,
    buyer: { kind: 'person', name: 'Popescu Ion', cnp: null, address: VILLAGE },
    lines: [line('Consultație', 1, 15_000, null), line('Detartraj', 1, 30_000, null)],
  }),
  'person-bucharest-sector': base({
    number: 3,
    buyer: { kind: 'person', name: 'Georgescu Dan', cnp: '1800101120017', address: SECTOR_3 },
  }),
  'company-vat-payer-21': base({
    number: 4,
    buyer: {
      kind: 'company',
      name: 'Dental Supplies SRL',
      cui: 'RO18547290',
      regCom: 'J40/1/2001',
      address: SECTOR_3,
    },
    lines: [line('Albire dentară', 1, 120_000, 2100), line('Kit albire acasă', 2, 33_333, 2100)],
    note: 'Servicii estetice, purtătoare de TVA.',
  }),
  'company-non-vat-payer': base({
    number: 5,
    buyer: { kind: 'company', name: 'Asociația Zâmbet Sănătos', cui: '14399840', address: CLUJ },
    lines: [line('Consultație de grup', 3, 10_000, null)],
  }),
  'mixed-exempt-21-11': base({
    number: 6,
    lines: [
      line('Extracție dinte 46', 1, 35_000, null),
      line('Periuță electrică', 1, 19_999, 2100),
      line('Apă de gură', 3, 2_345, 2100),
      line('Pastă de dinți', 2, 1_111, 1100),
      line('Ață dentară', 1, 999, 1100),
    ],
  }),
  'line-with-discount': base({
    number: 7,
    lines: [
      line('Implant dentar', 2, 250_000, null, 450_000),
      line('Gutieră albire', 3, 10_001, 2100, 27_000),
    ],
  }),
  'odd-bani-rounding': base({
    number: 8,
    lines: [
      line('Produs A', 7, 1, 2100),
      line('Produs B', 1, 101, 2100),
      line('Produs C', 3, 333, 2100),
      line('Produs D', 1, 1, 1100),
      line('Produs E', 13, 77, 1100, 999),
    ],
  }),
  'non-vat-seller': base({
    number: 9,
    seller: NON_VAT_SELLER,
    exemptionText: NOT_SUBJECT_TEXT,
    buyer: { kind: 'company', name: 'Dental Supplies SRL', cui: 'RO18547290', address: CLUJ },
    lines: [line('Coroană ceramică', 1, 180_000, null), line('Control periodic', 2, 5_050, null, 9_999)],
  }),
  'non-vat-seller-person': base({
    number: 10,
    seller: NON_VAT_SELLER,
    exemptionText: NOT_SUBJECT_TEXT,
    buyer: { kind: 'person', name: 'Ene Vasile', cnp: null, address: SECTOR_3 },
    lines: [line('Consultație', 1, 15_000, null)],
    dueDate: undefined,
  }),
  'prepaid-advance': base({
    number: 11,
    lines: [line('Proteză totală', 1, 300_000, null), line('Gel calmant', 1, 4_321, 2100)],
    prepaidBani: 100_000,
  }),
  'credit-note': base({
    kind: 'credit-note',
    series: 'ODTS',
    number: 1,
    issueDate: '2026-11-23',
    dueDate: undefined,
    billingReference: { series: 'ODT', number: 6, issueDate: '2026-11-20' },
    lines: [line('Periuță electrică', 1, 19_999, 2100), line('Extracție dinte 46', 1, 35_000, null)],
  }),
  'credit-note-refund-by-transfer': base({
    kind: 'credit-note',
    series: 'ODTS',
    number: 3,
    issueDate: '2026-11-24',
    dueDate: '2026-11-30',
    billingReference: { series: 'ODT', number: 4, issueDate: '2026-11-20' },
    buyer: { kind: 'company', name: 'Dental Supplies SRL', cui: 'RO18547290', address: SECTOR_3 },
    lines: [line('Kit albire acasă', 1, 33_333, 2100)],
  }),
  'special-characters-and-limits': base({
    number: 12,
    seller: { ...VAT_SELLER, name: 'Clinica „Dinți & Zâmbete” <Estetic> SRL' },
    buyer: {
      kind: 'person',
      name: `O'Brien-Țăranu Ștefania ${'Ă'.repeat(170)}`,
      cnp: '6001231401236',
      address: {
        street: `Str. "Mihai Viteazu" nr. 3 & 5, ap. <2> ${'ș'.repeat(110)}`,
        city: 'Târgu Mureș',
        countyCode: 'MS',
        country: 'RO',
      },
    },
    lines: [
      line(`Coroană zirconiu pe implant (dinte 36) & bont personalizat ${'î'.repeat(41)}`, 1, 350_000, null),
      line('Control gratuit', 1, 0, null),
      line('Periuțe interdentare', 250, 399, 2100, 87_654),
    ],
    note: 'Mulțumim! Programarea următoare: 15.12.2026, ora 10:30 — cabinetul 2.',
  }),
  'credit-note-non-vat-seller': base({
    kind: 'credit-note',
    series: 'ODTS',
    number: 2,
    seller: NON_VAT_SELLER,
    exemptionText: NOT_SUBJECT_TEXT,
    billingReference: { series: 'ODT', number: 10, issueDate: '2026-11-20' },
    buyer: { kind: 'person', name: 'Ene Vasile', cnp: null, address: SECTOR_3 },
    lines: [line('Consultație', 1, 15_000, null)],
  }),
};
