import { describe, expect, it } from 'vitest';
import {
  bucharestSectorCode,
  computeInvoiceTotals,
  documentNumber,
  lineCategory,
  taxableOfGross,
  type EInvoiceDocument,
  type EInvoiceLine,
} from './efactura';
import { percentOf } from './money';

const ADDRESS = { street: 'Str. Lungă nr. 1', city: 'Brașov', countyCode: 'BV', country: 'RO' } as const;

const line = (
  quantity: number,
  unitPriceBani: number,
  vatRateBp: number | null,
  totalBani?: number,
): EInvoiceLine => ({
  name: 'Tratament',
  quantity,
  unitPriceBani,
  vatRateBp,
  totalBani: totalBani ?? quantity * unitPriceBani,
});

const invoice = (lines: EInvoiceLine[], extra: Partial<EInvoiceDocument> = {}): EInvoiceDocument => ({
  kind: 'invoice',
  series: 'ODT',
  number: 1,
  issueDate: '2026-11-20',
  currency: 'RON',
  seller: { name: 'Clinica', cui: 'RO14399840', regCom: 'J08/1/2020', address: ADDRESS, vatPayer: true },
  buyer: { kind: 'person', name: 'Pacient', cnp: null, address: ADDRESS },
  lines,
  exemptionText: 'Scutit de TVA (art. 292 Cod fiscal)',
  ...extra,
});

describe('taxableOfGross: VAT exact to the ban whenever a taxable amount allows it', () => {
  it.each([
    // gross, rate, taxable, vat
    [12_100, 2100, 10_000, 2100],
    [10_000, 2100, 8264, 1736],
    [1, 2100, 1, 0],
    [3, 2100, 2, 1], // no T gives T + round(0,21 T) = 3: VAT is one ban above round(2 × 21 %) = 0
    [11_100, 1100, 10_000, 1100],
    [999, 1100, 900, 99],
    [0, 2100, 0, 0],
  ])('%i bani at %i bp → taxable %i, VAT %i', (gross, rate, taxable, vat) => {
    expect(taxableOfGross(gross, rate)).toBe(taxable);
    expect(gross - taxableOfGross(gross, rate)).toBe(vat);
  });
});

describe('computeInvoiceTotals', () => {
  it('all exempt: net is gross, one E category, no VAT', () => {
    const totals = computeInvoiceTotals(invoice([line(1, 25_000, null), line(2, 15_000, null)]));
    expect(totals.breakdown).toEqual([
      {
        category: 'E',
        rateBp: 0,
        taxableBani: 55_000,
        vatBani: 0,
        exemptionText: 'Scutit de TVA (art. 292 Cod fiscal)',
      },
    ]);
    expect(totals.lines.map((figures) => figures.netBani)).toEqual([25_000, 30_000]);
    expect(totals).toMatchObject({
      lineNetSumBani: 55_000,
      vatBani: 0,
      taxInclusiveBani: 55_000,
      payableBani: 55_000,
    });
  });

  it('mixed 21 %, 11 % and exempt: categories ordered by rate, exempt last, lines keep their order', () => {
    const totals = computeInvoiceTotals(
      invoice([line(1, 35_000, null), line(1, 19_999, 2100), line(3, 2_345, 2100), line(2, 1_111, 1100)]),
    );
    expect(
      totals.breakdown.map((part) => [part.category, part.rateBp, part.taxableBani, part.vatBani]),
    ).toEqual([
      ['S', 2100, 22_342, 4692],
      ['S', 1100, 2002, 220],
      ['E', 0, 35_000, 0],
    ]);
    expect(totals.lines.map((figures) => figures.netBani)).toEqual([35_000, 16_528, 5814, 2002]);
    expect(totals.taxInclusiveBani).toBe(35_000 + 19_999 + 7035 + 2222);
  });

  it('a seller not registered for VAT: every line is O without a rate, whatever the price list says', () => {
    const doc = invoice([line(1, 10_000, 2100), line(1, 5_000, null)], {
      seller: { name: 'CMI', cui: '18547290', regCom: '', address: ADDRESS, vatPayer: false },
    });
    const totals = computeInvoiceTotals(doc);
    expect(totals.breakdown).toEqual([
      { category: 'O', rateBp: null, taxableBani: 15_000, vatBani: 0, exemptionText: doc.exemptionText },
    ]);
    expect(totals.lines.map((figures) => [figures.category, figures.rateBp])).toEqual([
      ['O', null],
      ['O', null],
    ]);
  });

  it('a discount: the net discount, and the net price before it, add up to the line', () => {
    const totals = computeInvoiceTotals(
      invoice([line(2, 250_000, null, 450_000), line(3, 10_001, 2100, 27_000)]),
    );
    expect(totals.lines.map((f) => [f.netBani, f.discountNetBani, f.listNetBani])).toEqual([
      [450_000, 50_000, 500_000],
      [22_314, 2482, 24_796],
    ]);
  });

  it('an advance already paid is deducted from the payable amount only', () => {
    const totals = computeInvoiceTotals(invoice([line(1, 300_000, null)], { prepaidBani: 100_000 }));
    expect(totals).toMatchObject({ taxInclusiveBani: 300_000, prepaidBani: 100_000, payableBani: 200_000 });
  });

  it('EN 16931 arithmetic holds for many generated invoices (BR-CO-10, -13, -14, -15, BR-S-08, -09)', () => {
    let seed = 20_261_125;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    const rates = [null, 2100, 1100, 500];
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: 1 + next(6) }, () => {
        const quantity = 1 + next(5);
        const unit = next(500_000);
        return line(quantity, unit, rates[next(rates.length)] ?? null, quantity * unit - next(unit + 1));
      });
      const totals = computeInvoiceTotals(invoice(lines));
      const gross = lines.reduce((sum, item) => sum + item.totalBani, 0);
      expect(totals.taxInclusiveBani).toBe(gross);
      expect(totals.lines.reduce((sum, item) => sum + item.netBani, 0)).toBe(totals.lineNetSumBani);
      expect(totals.breakdown.reduce((sum, part) => sum + part.vatBani, 0)).toBe(totals.vatBani);
      expect(totals.taxExclusiveBani + totals.vatBani).toBe(totals.taxInclusiveBani);
      for (const part of totals.breakdown) {
        const nets = totals.lines.filter((f) => f.category === part.category && f.rateBp === part.rateBp);
        expect(nets.reduce((sum, f) => sum + f.netBani, 0)).toBe(part.taxableBani);
        const exactVat = percentOf(part.taxableBani, part.rateBp ?? 0);
        expect(Math.abs(part.vatBani - exactVat)).toBeLessThanOrEqual(1);
      }
      totals.lines.forEach((figures, index) => {
        expect(figures.netBani).toBeGreaterThanOrEqual(0);
        expect(figures.discountNetBani).toBeGreaterThanOrEqual(0);
        expect(figures.grossBani).toBe(lines[index]?.totalBani);
      });
    }
  });
});

describe('lineCategory', () => {
  it.each([
    [true, 2100, 'S'],
    [true, null, 'E'],
    [false, 2100, 'O'],
    [false, null, 'O'],
  ] as const)('VAT payer %s, rate %s → %s', (vatPayer, vatRateBp, category) => {
    expect(lineCategory({ vatPayer }, { vatRateBp })).toBe(category);
  });
});

describe('bucharestSectorCode', () => {
  it.each([
    ['Sector 3', 'SECTOR3'],
    ['sectorul 1', 'SECTOR1'],
    ['SECTOR6', 'SECTOR6'],
    ['București, Sector 2', 'SECTOR2'],
    ['Municipiul Bucuresti sectorul 5', 'SECTOR5'],
    ['Bucureşti - Sector 4', 'SECTOR4'],
    ['Sector 7', null],
    ['București', null],
    ['Cluj-Napoca', null],
  ])('%s → %s', (city, code) => {
    expect(bucharestSectorCode(city)).toBe(code);
  });
});

describe('documentNumber', () => {
  it('joins the series and the number', () => {
    expect(documentNumber('ODT', 42)).toBe('ODT 42');
  });
});
