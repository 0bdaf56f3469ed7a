/**
 * The clinic's price list (issue 12; decision 0019): which price applies on a day, the codes of the items,
 * their units and VAT categories, and the checks of an imported price list file. Amounts are integer bani
 * (money.ts); VAT rates are basis points, null meaning "exempt".
 */
import { CATALOGUE_GROUPS, type TreatmentCatalogueEntry } from './catalogue';
import { formatAmount, formatPercent, parseAmount, parsePercent } from './money';
import { normalizeSearchText } from './text';

/** What one price is charged for. */
export const PRICE_UNITS = ['dinte', 'arcada', 'vizita'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** The units as the screens, the exports and the imported files write them. */
export const PRICE_UNIT_LABELS: Readonly<Record<PriceUnit, string>> = {
  dinte: 'per dinte',
  arcada: 'per arcadă',
  vizita: 'per vizită',
};

/** The VAT category of an exempt item, as exports and imports write it. */
export const VAT_EXEMPT_LABEL = 'scutit';

/** One row of an item's price history (append-only). */
export interface PriceVersion {
  amountBani: number;
  /** The clinic day from which the price applies, 'YYYY-MM-DD'. */
  validFrom: string;
  /** When the row was written (ISO instant); breaks ties between rows of the same day. */
  createdAt: string;
}

function isLater(a: PriceVersion, b: PriceVersion): boolean {
  if (a.validFrom !== b.validFrom) return a.validFrom > b.validFrom;
  return a.createdAt > b.createdAt;
}

/**
 * The price that applies on `day`: of the rows valid from that day or earlier, the one with the latest
 * validFrom, and of rows of the same day the one written last. Null when no row applies yet.
 */
export function priceOn<T extends PriceVersion>(history: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const row of history) {
    if (row.validFrom > day) continue;
    if (best === null || isLater(row, best)) best = row;
  }
  return best;
}

/** The next change after `day`: the price that will apply from the first later day that has one. */
export function nextPriceAfter<T extends PriceVersion>(history: readonly T[], day: string): T | null {
  const laterDays = history.filter((row) => row.validFrom > day).map((row) => row.validFrom);
  if (laterDays.length === 0) return null;
  const first = laterDays.reduce((a, b) => (a < b ? a : b));
  return priceOn(history, first);
}

/** The code of a catalogue procedure in the price list: 'T-1.1', 'T-101'. */
export function catalogueItemCode(catalogueId: number): string {
  return `T-${catalogueId}`;
}

/** The catalogue id a 'T-…' code names, or null for any other code. */
export function catalogueIdOfCode(code: string): number | null {
  const match = /^T-(\d+(?:\.\d+)?)$/i.exec(code.trim());
  return match ? Number(match[1]) : null;
}

const CUSTOM_CODE = /^P-(\d{4,})$/;

/** The next free code of a clinic's own item ('P-0001', 'P-0002', …) after the codes already used. */
export function nextCustomCode(codes: Iterable<string>): string {
  let highest = 0;
  for (const code of codes) {
    const match = CUSTOM_CODE.exec(code);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `P-${String(highest + 1).padStart(4, '0')}`;
}

/** A code an admin may type: letters, digits, '.', '-' and '_', upper case, at most 20 characters. */
export const ITEM_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,19}$/;

/** The code as stored: trimmed and upper case. */
export function normalizeItemCode(code: string): string {
  return code.trim().toUpperCase();
}

// Whole arches: dentures, orthodontic appliances and retainers are charged per arch.
const PER_ARCH_IDS = new Set([1002, 1003, 1004, 1005, 1006, 1102, 1103, 1104, 1105, 1107, 1108]);

/** The unit a catalogue procedure starts with: per arch for dentures and appliances, per tooth when the
 * modal asks for a tooth, per visit otherwise. */
export function defaultUnitOf(entry: Pick<TreatmentCatalogueEntry, 'id' | 'dinteDD'>): PriceUnit {
  if (PER_ARCH_IDS.has(entry.id)) return 'arcada';
  return entry.dinteDD ? 'dinte' : 'vizita';
}

/** The Romanian name of a catalogue group ('' for an unknown id). */
export function catalogueGroupLabel(groupId: number): string {
  return CATALOGUE_GROUPS.find((group) => group.id === groupId)?.name ?? '';
}

/** Reads a unit as a person writes it: 'per dinte', 'dinte', 'Per arcada', 'vizită' … or null. */
export function parsePriceUnit(text: string): PriceUnit | null {
  const key = normalizeSearchText(text).replace(/^per /, '');
  return PRICE_UNITS.find((unit) => unit === key) ?? null;
}

/** 'scutit' or '21%'. */
export function formatVatCategory(vatRateBp: number | null): string {
  return vatRateBp === null ? VAT_EXEMPT_LABEL : formatPercent(vatRateBp);
}

/** Reads 'scutit' (null) or a rate ('21%', '21', '9,5 %'); undefined when it is neither. */
export function parseVatCategory(text: string): number | null | undefined {
  const normalized = normalizeSearchText(text);
  if (normalized === VAT_EXEMPT_LABEL || normalized === 'scutit de tva') return null;
  return parsePercent(normalized) ?? undefined;
}

/** The columns of an exported or imported price list, in order. */
export const PRICE_LIST_COLUMNS = [
  'cod',
  'denumire',
  'grupa',
  'unitate',
  'pret_lei',
  'tva',
  'activ',
] as const;
export type PriceListColumn = (typeof PRICE_LIST_COLUMNS)[number];

/** An item as one line of an export. */
export interface PriceListLine {
  code: string;
  name: string;
  group: string;
  unit: PriceUnit;
  amountBani: number | null;
  vatRateBp: number | null;
  active: boolean;
}

/** The cells of one exported line, in PRICE_LIST_COLUMNS order ('1250,00' for 1.250 lei). */
export function priceListCells(line: PriceListLine): string[] {
  return [
    line.code,
    line.name,
    line.group,
    PRICE_UNIT_LABELS[line.unit],
    line.amountBani === null ? '' : formatAmount(line.amountBani).replaceAll('.', ''),
    formatVatCategory(line.vatRateBp),
    line.active ? 'da' : 'nu',
  ];
}

export const IMPORT_MESSAGES = {
  empty: 'Fișierul nu are niciun rând de prețuri.',
  missingColumns: (names: string[]) => `Lipsesc coloanele: ${names.join(', ')}.`,
  tooManyRows: (max: number) => `Fișierul are prea multe rânduri (cel mult ${max}).`,
  badCode: 'Codul poate avea doar litere, cifre, „.”, „-” și „_” (cel mult 20 de caractere).',
  unknownCatalogueCode: 'Codul nu corespunde niciunei proceduri din catalog.',
  duplicateCode: (line: number) => `Codul apare și pe rândul ${line}.`,
  nameRequired: 'Denumirea este obligatorie.',
  nameTooLong: 'Denumirea este prea lungă (cel mult 200 de caractere).',
  groupRequired: 'Grupa este obligatorie.',
  groupTooLong: 'Grupa este prea lungă (cel mult 100 de caractere).',
  badUnit: 'Unitatea trebuie să fie „per dinte”, „per arcadă” sau „per vizită”.',
  badPrice: 'Prețul nu este valid (ex.: 1250,00).',
  negativePrice: 'Prețul nu poate fi negativ.',
  priceRequired: 'Un articol nou trebuie să aibă preț.',
  badVat: (rates: string) => `TVA trebuie să fie „scutit” sau una dintre cotele clinicii (${rates}).`,
  badActive: 'Coloana „activ” trebuie să fie „da” sau „nu”.',
} as const;

/** At most this many items in one imported file. */
export const MAX_IMPORT_ROWS = 5000;

/** One valid line of an imported file. */
export interface ImportedPriceLine {
  /** The file's line (row) number, the header being line 1. */
  line: number;
  /** The stored code, or null for a new item that gets the next 'P-' code. */
  code: string | null;
  /** Null for catalogue items, whose name is the catalogue's. */
  name: string | null;
  group: string;
  unit: PriceUnit;
  vatRateBp: number | null;
  active: boolean;
  /** Null: leave the price as it is. */
  amountBani: number | null;
}

export interface ImportLineError {
  line: number;
  message: string;
}

export interface ImportContext {
  /** The clinic's VAT rates. */
  ratesBp: readonly number[];
  /** The codes already in the price list. */
  existingCodes: ReadonlySet<string>;
  /** True for a catalogue id of the treatment catalogue. */
  isCatalogueId: (id: number) => boolean;
}

export type ImportCheck = { ok: true; lines: ImportedPriceLine[] } | { ok: false; errors: ImportLineError[] };

const ACTIVE_WORDS: Readonly<Record<string, boolean>> = {
  da: true,
  nu: false,
  '': true,
  '1': true,
  '0': false,
};

/**
 * Checks an imported price list (its rows of cells, the first being the header) and answers either every
 * line ready to save, or every error with its line number, so the admin fixes the whole file at once.
 * Columns are found by their header name, in any order; empty rows are skipped.
 */
export function checkPriceListRows(
  rows: readonly (readonly string[])[],
  context: ImportContext,
): ImportCheck {
  const header = (rows[0] ?? []).map((cell) => normalizeSearchText(cell));
  const missing = PRICE_LIST_COLUMNS.filter((column) => !header.includes(column));
  if (rows.length === 0 || missing.length > 0) {
    return { ok: false, errors: [{ line: 1, message: IMPORT_MESSAGES.missingColumns([...missing]) }] };
  }
  const indexOf = Object.fromEntries(PRICE_LIST_COLUMNS.map((column) => [column, header.indexOf(column)]));
  const errors: ImportLineError[] = [];
  const lines: ImportedPriceLine[] = [];
  const seenCodes = new Map<string, number>();
  const dataRows = rows
    .map((cells, index) => ({ cells, line: index + 1 }))
    .slice(1)
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) return { ok: false, errors: [{ line: 1, message: IMPORT_MESSAGES.empty }] };
  if (dataRows.length > MAX_IMPORT_ROWS) {
    return { ok: false, errors: [{ line: 1, message: IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS) }] };
  }
  for (const { cells, line } of dataRows) {
    const cell = (column: PriceListColumn) => (cells[indexOf[column] ?? -1] ?? '').trim();
    const lineErrors: string[] = [];
    const code = checkCode(cell('cod'), line, context, seenCodes, lineErrors);
    const isCatalogue = code !== null && catalogueIdOfCode(code) !== null;
    const isNew = code === null || !context.existingCodes.has(code);
    const name = cell('denumire');
    if (!isCatalogue && name === '') lineErrors.push(IMPORT_MESSAGES.nameRequired);
    if (name.length > 200) lineErrors.push(IMPORT_MESSAGES.nameTooLong);
    const group = cell('grupa');
    if (group === '') lineErrors.push(IMPORT_MESSAGES.groupRequired);
    if (group.length > 100) lineErrors.push(IMPORT_MESSAGES.groupTooLong);
    const unit = parsePriceUnit(cell('unitate'));
    if (unit === null) lineErrors.push(IMPORT_MESSAGES.badUnit);
    const amountBani = checkPrice(cell('pret_lei'), isNew && !isCatalogue, lineErrors);
    const vatRateBp = parseVatCategory(cell('tva'));
    if (vatRateBp === undefined || (vatRateBp !== null && !context.ratesBp.includes(vatRateBp))) {
      const rates = [VAT_EXEMPT_LABEL, ...context.ratesBp.map(formatPercent)].join(', ');
      lineErrors.push(IMPORT_MESSAGES.badVat(rates));
    }
    const active = ACTIVE_WORDS[normalizeSearchText(cell('activ'))];
    if (active === undefined) lineErrors.push(IMPORT_MESSAGES.badActive);
    if (lineErrors.length > 0) {
      errors.push({ line, message: lineErrors.join(' ') });
      continue;
    }
    lines.push({
      line,
      code,
      name: isCatalogue ? null : name,
      group,
      unit: unit ?? 'vizita',
      vatRateBp: vatRateBp ?? null,
      active: active ?? true,
      amountBani,
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}

function checkCode(
  text: string,
  line: number,
  context: ImportContext,
  seenCodes: Map<string, number>,
  lineErrors: string[],
): string | null {
  if (text === '') return null;
  const code = normalizeItemCode(text);
  if (!ITEM_CODE_PATTERN.test(code)) {
    lineErrors.push(IMPORT_MESSAGES.badCode);
    return code;
  }
  const catalogueId = catalogueIdOfCode(code);
  if (code.startsWith('T-') && (catalogueId === null || !context.isCatalogueId(catalogueId))) {
    lineErrors.push(IMPORT_MESSAGES.unknownCatalogueCode);
  }
  const earlier = seenCodes.get(code);
  if (earlier !== undefined) lineErrors.push(IMPORT_MESSAGES.duplicateCode(earlier));
  else seenCodes.set(code, line);
  return catalogueId === null ? code : catalogueItemCode(catalogueId);
}

function checkPrice(text: string, isRequired: boolean, lineErrors: string[]): number | null {
  if (text === '') {
    if (isRequired) lineErrors.push(IMPORT_MESSAGES.priceRequired);
    return null;
  }
  const amount = parseAmount(text);
  if (amount === null) lineErrors.push(IMPORT_MESSAGES.badPrice);
  else if (amount < 0) lineErrors.push(IMPORT_MESSAGES.negativePrice);
  return amount;
}

/** '01.04.2026' from '2026-04-01' (the day a price applies from); the text itself when it is not a day. */
export function formatPriceDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}
