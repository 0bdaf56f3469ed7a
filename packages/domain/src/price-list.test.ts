import { describe, expect, it } from 'vitest';
import { catalogueEntryById } from './catalogue';
import {
  catalogueIdOfCode,
  catalogueItemCode,
  checkPriceListRows,
  defaultUnitOf,
  formatPriceDay,
  formatVatCategory,
  IMPORT_MESSAGES,
  nextCustomCode,
  nextPriceAfter,
  parsePriceUnit,
  parseVatCategory,
  priceListCells,
  priceOn,
  type ImportContext,
  type PriceVersion,
} from './price-list';

const HISTORY: PriceVersion[] = [
  { amountBani: 10_000, validFrom: '2026-01-01', createdAt: '2025-12-20T10:00:00.000Z' },
  { amountBani: 12_000, validFrom: '2026-03-01', createdAt: '2026-02-10T10:00:00.000Z' },
  // A correction written later for the same day wins.
  { amountBani: 12_500, validFrom: '2026-03-01', createdAt: '2026-02-11T10:00:00.000Z' },
  { amountBani: 15_000, validFrom: '2026-06-01', createdAt: '2026-02-12T10:00:00.000Z' },
];

describe('priceOn: the latest validFrom on or before the day, ties to the latest written', () => {
  it.each([
    ['2025-12-31', null],
    ['2026-01-01', 10_000],
    ['2026-02-28', 10_000],
    ['2026-03-01', 12_500],
    ['2026-05-31', 12_500],
    ['2026-06-01', 15_000],
    ['2030-01-01', 15_000],
  ])('on %s the price is %s', (day, expected) => {
    expect(priceOn(HISTORY, day)?.amountBani ?? null).toBe(expected);
  });

  it('does not depend on the order of the rows', () => {
    expect(priceOn([...HISTORY].reverse(), '2026-03-15')?.amountBani).toBe(12_500);
  });
});

describe('nextPriceAfter: the first scheduled change after the day', () => {
  it.each([
    ['2025-12-01', 10_000],
    ['2026-01-15', 12_500],
    ['2026-03-01', 15_000],
    ['2026-06-01', null],
  ])('after %s comes %s', (day, expected) => {
    expect(nextPriceAfter(HISTORY, day)?.amountBani ?? null).toBe(expected);
  });
});

describe('codes', () => {
  it.each([
    [1.1, 'T-1.1'],
    [101, 'T-101'],
    [0.8, 'T-0.8'],
  ])('catalogue id %s has code %s and back', (id, code) => {
    expect(catalogueItemCode(id)).toBe(code);
    expect(catalogueIdOfCode(code)).toBe(id);
  });

  it.each([['P-0001'], ['T-'], ['T-1.1.1'], ['X-101']])('%s names no catalogue id', (code) => {
    expect(catalogueIdOfCode(code)).toBeNull();
  });

  it.each([
    [[], 'P-0001'],
    [['P-0001', 'P-0002'], 'P-0003'],
    [['P-0009', 'T-101', 'ALBIRE'], 'P-0010'],
    [['P-9999'], 'P-10000'],
  ])('after %j the next own code is %s', (codes, expected) => {
    expect(nextCustomCode(codes)).toBe(expected);
  });
});

describe('units and VAT categories', () => {
  it.each([
    ['per dinte', 'dinte'],
    ['Per arcadă', 'arcada'],
    ['per arcada', 'arcada'],
    ['vizită', 'vizita'],
    ['  PER VIZITA ', 'vizita'],
    ['per oră', null],
    ['', null],
  ])('unit %j reads as %s', (text, expected) => {
    expect(parsePriceUnit(text)).toBe(expected);
  });

  it.each([
    [101, 'vizita'],
    [1.2, 'dinte'],
    [1002, 'arcada'],
    [1102, 'arcada'],
    [1401, 'vizita'],
  ])('catalogue procedure %s is priced per %s by default', (id, expected) => {
    const entry = catalogueEntryById(id);
    expect(entry).toBeDefined();
    if (entry) expect(defaultUnitOf(entry)).toBe(expected);
  });

  it.each([
    [null, 'scutit'],
    [2100, '21%'],
    [950, '9,5%'],
  ])('VAT %s is written %s', (bp, text) => {
    expect(formatVatCategory(bp)).toBe(text);
  });

  it.each([
    ['scutit', null],
    ['Scutit de TVA', null],
    ['21%', 2100],
    ['21', 2100],
    ['9,5 %', 950],
    ['douăzeci', undefined],
    ['', undefined],
  ])('VAT %j reads as %s', (text, expected) => {
    expect(parseVatCategory(text)).toBe(expected);
  });

  it('writes an export line with the price in ro-RO digits without grouping', () => {
    expect(
      priceListCells({
        code: 'T-1',
        name: 'coroană metalo-ceramică',
        group: 'Coroane',
        unit: 'dinte',
        amountBani: 125_000,
        vatRateBp: null,
        active: true,
      }),
    ).toEqual(['T-1', 'coroană metalo-ceramică', 'Coroane', 'per dinte', '1250,00', 'scutit', 'da']);
  });
});

describe('checkPriceListRows', () => {
  const HEADER = ['cod', 'denumire', 'grupa', 'unitate', 'pret_lei', 'tva', 'activ'];
  const context: ImportContext = {
    ratesBp: [2100, 1100],
    existingCodes: new Set(['T-101', 'T-1', 'P-0001']),
    isCatalogueId: (id) => catalogueEntryById(id) !== undefined,
  };

  it('reads good lines: catalogue items keep their name, own items get theirs, an empty code is a new item', () => {
    const check = checkPriceListRows(
      [
        HEADER,
        ['t-101', 'oricum', 'Consultații', 'per vizită', '150,00', 'scutit', 'da'],
        ['P-0001', 'Albire', 'Estetică', 'per arcadă', '1.500,00', '21%', 'nu'],
        ['', '', '', '', '', '', ''],
        ['', 'Kit igienă', 'Produse', 'vizita', '45', '21', ''],
        ['T-1', 'coroană', 'Coroane', 'per dinte', '', 'scutit', 'da'],
      ],
      context,
    );
    expect(check).toEqual({
      ok: true,
      lines: [
        {
          line: 2,
          code: 'T-101',
          name: null,
          group: 'Consultații',
          unit: 'vizita',
          vatRateBp: null,
          active: true,
          amountBani: 15_000,
        },
        {
          line: 3,
          code: 'P-0001',
          name: 'Albire',
          group: 'Estetică',
          unit: 'arcada',
          vatRateBp: 2100,
          active: false,
          amountBani: 150_000,
        },
        {
          line: 5,
          code: null,
          name: 'Kit igienă',
          group: 'Produse',
          unit: 'vizita',
          vatRateBp: 2100,
          active: true,
          amountBani: 4_500,
        },
        {
          line: 6,
          code: 'T-1',
          name: null,
          group: 'Coroane',
          unit: 'dinte',
          vatRateBp: null,
          active: true,
          amountBani: null,
        },
      ],
    });
  });

  it('finds the columns by name in any order', () => {
    const check = checkPriceListRows(
      [
        ['Activ', 'TVA', 'pret_lei', 'unitate', 'grupa', 'denumire', 'cod'],
        ['da', 'scutit', '150', 'per vizită', 'Consultații', '', 'T-101'],
      ],
      context,
    );
    expect(check.ok && check.lines[0]?.amountBani).toBe(15_000);
  });

  it.each([
    [['T-999', '', 'G', 'per dinte', '10', 'scutit', 'da'], IMPORT_MESSAGES.unknownCatalogueCode],
    [['P 1', 'X', 'G', 'per dinte', '10', 'scutit', 'da'], IMPORT_MESSAGES.badCode],
    [['', '', 'G', 'per dinte', '10', 'scutit', 'da'], IMPORT_MESSAGES.nameRequired],
    [['P-0001', 'X', '', 'per dinte', '10', 'scutit', 'da'], IMPORT_MESSAGES.groupRequired],
    [['P-0001', 'X', 'G', 'per oră', '10', 'scutit', 'da'], IMPORT_MESSAGES.badUnit],
    [['P-0001', 'X', 'G', 'per dinte', '10,001', 'scutit', 'da'], IMPORT_MESSAGES.badPrice],
    [['P-0001', 'X', 'G', 'per dinte', '-10', 'scutit', 'da'], IMPORT_MESSAGES.negativePrice],
    [['NOU-1', 'X', 'G', 'per dinte', '', 'scutit', 'da'], IMPORT_MESSAGES.priceRequired],
    [['P-0001', 'X', 'G', 'per dinte', '10', '5%', 'da'], IMPORT_MESSAGES.badVat('scutit, 21%, 11%')],
    [['P-0001', 'X', 'G', 'per dinte', '10', 'scutit', 'poate'], IMPORT_MESSAGES.badActive],
  ])('reports line 2 of %j: %s', (row, message) => {
    expect(checkPriceListRows([HEADER, row], context)).toEqual({ ok: false, errors: [{ line: 2, message }] });
  });

  it('reports every bad line of the file, with the line where a code first appeared', () => {
    const good = ['T-101', '', 'Consultații', 'per vizită', '150', 'scutit', 'da'];
    const check = checkPriceListRows(
      [HEADER, good, ['T-101', '', 'Consultații', 'per vizită', 'o sută', 'scutit', 'da'], good],
      context,
    );
    expect(check).toEqual({
      ok: false,
      errors: [
        { line: 3, message: `${IMPORT_MESSAGES.duplicateCode(2)} ${IMPORT_MESSAGES.badPrice}` },
        { line: 4, message: IMPORT_MESSAGES.duplicateCode(2) },
      ],
    });
  });

  it.each([
    [[], IMPORT_MESSAGES.missingColumns([...HEADER])],
    [
      [['cod', 'denumire', 'grupa', 'unitate', 'pret']],
      IMPORT_MESSAGES.missingColumns(['pret_lei', 'tva', 'activ']),
    ],
    [[HEADER, ['', '', '']], IMPORT_MESSAGES.empty],
  ])('refuses a file without the columns or the lines: %j', (rows, message) => {
    expect(checkPriceListRows(rows, context)).toEqual({ ok: false, errors: [{ line: 1, message }] });
  });
});

describe('formatPriceDay', () => {
  it.each([
    ['2026-04-01', '01.04.2026'],
    ['ieri', 'ieri'],
  ])('%s is shown as %s', (day, expected) => {
    expect(formatPriceDay(day)).toBe(expected);
  });
});
