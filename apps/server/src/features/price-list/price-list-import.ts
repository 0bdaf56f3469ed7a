import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { catalogueEntryById } from '@odonto/domain/catalogue';
import { PRICE_LIST_MESSAGES, type PriceListImportAnswer } from '@odonto/domain/contracts/price-list';
import { MESSAGES } from '@odonto/domain/messages';
import {
  checkPriceListRows,
  nextCustomCode,
  priceOn,
  type ImportedPriceLine,
} from '@odonto/domain/price-list';
import type { NewPriceItemPriceRow, PriceItemPriceRow, PriceItemRow } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import type { UploadedFile } from '../../files/multipart';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import {
  allPrices,
  findPriceItems,
  insertPriceItem,
  insertPrices,
  toVersion,
  updatePriceItem,
} from './price-list.queries';
import { assertNotPast, ensureCatalogueItems, type PriceListDeps } from './price-list.service';
import { readVatSettings } from './vat-settings.service';

/** The extensions an imported price list may have. */
export type PriceListFileType = 'csv' | 'xlsx';

/** 'csv' or 'xlsx' from the file's name; 415 for anything else. */
export function priceListFileType(fileName: string): PriceListFileType {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (fileName.includes('.') && (extension === 'csv' || extension === 'xlsx')) return extension;
  throw new AppError(415, 'unsupported_media', PRICE_LIST_MESSAGES.fileType);
}

function notReadable(): AppError {
  return new AppError(415, 'unsupported_media', PRICE_LIST_MESSAGES.fileType);
}

/**
 * The rows of cells of an uploaded price list, row 1 being the header. CSV files may be UTF-8 (with or
 * without a byte order mark) or Windows-1250, as Romanian Excel saves them, separated by ';', ',' or tabs.
 */
export async function readPriceListRows(file: UploadedFile): Promise<string[][]> {
  const type = priceListFileType(file.fileName);
  return type === 'csv' ? readCsvRows(file.data) : readXlsxRows(file.data);
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1250').decode(data);
  }
}

function delimiterOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (character: string) => firstLine.split(character).length - 1;
  return [';', '\t', ','].reduce((best, candidate) => (count(candidate) > count(best) ? candidate : best));
}

// Loaded when first needed, not at every start of the server (decision 0042).
async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

async function readCsvRows(data: Buffer): Promise<string[][]> {
  if (data.includes(0)) throw notReadable();
  const text = decodeText(data);
  const workbook = await newWorkbook();
  try {
    const sheet = await workbook.csv.read(Readable.from([text]), {
      parserOptions: { delimiter: delimiterOf(text) },
      // Every cell stays the text the file holds: '1250,00' and '0101' must not become numbers.
      map: (value: unknown) => (typeof value === 'string' ? value : ''),
    });
    return sheetRows(sheet);
  } catch {
    throw new AppError(400, 'invalid_file', PRICE_LIST_MESSAGES.invalidFile, {
      lines: [{ line: 1, message: 'Fișierul CSV nu poate fi citit (ghilimele neînchise?).' }],
    });
  }
}

async function readXlsxRows(data: Buffer): Promise<string[][]> {
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw notReadable();
  }
  const sheet = workbook.worksheets[0];
  return sheet ? sheetRows(sheet) : [];
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cell.text;
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  const width = Math.max(sheet.columnCount, 1);
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1) cells.push(cellText(row.getCell(column)));
    rows.push(cells);
  }
  return rows;
}

interface ImportPlan {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * POST /api/price-list/import: checks every line, then writes all of them in one transaction, or nothing
 * (400 with every wrong line). New prices apply from `validFrom` (today or later); a line whose price is
 * already the one in force on that day adds no price row.
 */
export async function importPriceList(
  deps: PriceListDeps,
  actor: AuditActor,
  rows: string[][],
  meta: { validFrom: string; today: string; fileName: string },
): Promise<PriceListImportAnswer> {
  assertNotPast(meta.validFrom, meta.today);
  await ensureCatalogueItems(deps);
  const items = await findPriceItems(deps.db, { includeInactive: true });
  const byCode = new Map(items.map((item) => [item.code, item]));
  const { ratesBp } = await readVatSettings(deps.db);
  const check = checkPriceListRows(rows, {
    ratesBp,
    existingCodes: new Set(byCode.keys()),
    isCatalogueId: (id) => catalogueEntryById(id) !== undefined,
  });
  if (!check.ok) {
    throw new AppError(400, 'invalid_file', PRICE_LIST_MESSAGES.invalidFile, { lines: check.errors });
  }
  const prices = await allPrices(deps.db);
  try {
    return await applyLines(deps, actor, check.lines, { byCode, prices, ...meta });
  } catch (error) {
    // Someone added an item with one of these codes meanwhile: nothing was saved, the admin imports again.
    if (isUniqueViolation(error)) throw new AppError(409, 'conflict', MESSAGES.conflict);
    throw error;
  }
}

/** Writes the checked lines in one transaction. */
async function applyLines(
  deps: PriceListDeps,
  actor: AuditActor,
  lines: readonly ImportedPriceLine[],
  context: {
    byCode: ReadonlyMap<string, PriceItemRow>;
    prices: ReadonlyMap<string, PriceItemPriceRow[]>;
    validFrom: string;
    fileName: string;
  },
): Promise<PriceListImportAnswer> {
  const { byCode, prices, ...meta } = context;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    const plan: ImportPlan = { created: 0, updated: 0, unchanged: 0 };
    const usedCodes = new Set(byCode.keys());
    const newPrices: NewPriceItemPriceRow[] = [];
    const priceRow = (itemId: string, amount: number): NewPriceItemPriceRow => ({
      id: randomUUID(),
      price_item_id: itemId,
      amount_bani: amount,
      valid_from: meta.validFrom,
      created_at: at,
      created_by: actor.userId,
    });
    for (const line of lines) {
      const existing = line.code === null ? undefined : byCode.get(line.code);
      if (!existing) {
        const code = line.code ?? nextCustomCode(usedCodes);
        usedCodes.add(code);
        const id = randomUUID();
        await insertPriceItem(trx, {
          id,
          code,
          catalogue_id: null,
          name: line.name ?? code,
          group_name: line.group,
          unit: line.unit,
          vat_rate_bp: line.vatRateBp,
          active: line.active ? 1 : 0,
          created_at: at,
          updated_at: at,
          version: 1,
        });
        if (line.amountBani !== null) newPrices.push(priceRow(id, line.amountBani));
        plan.created += 1;
        continue;
      }
      const changed = await applyDetails(trx, existing, line, at);
      const inForce = priceOn((prices.get(existing.id) ?? []).map(toVersion), meta.validFrom);
      const priceChanged = line.amountBani !== null && line.amountBani !== inForce?.amountBani;
      if (priceChanged && line.amountBani !== null) newPrices.push(priceRow(existing.id, line.amountBani));
      if (changed || priceChanged) plan.updated += 1;
      else plan.unchanged += 1;
    }
    await insertPrices(trx, newPrices);
    await writeAudit(trx, now, actor, {
      action: 'price_list_import',
      entity: 'price_list',
      details: { ...plan, prices: newPrices.length, validFrom: meta.validFrom, file: meta.fileName },
    });
    return plan;
  });
}

/** Writes the line's details onto the item when they differ; true when it did. */
async function applyDetails(
  trx: PriceListDeps['db'],
  item: PriceItemRow,
  line: ImportedPriceLine,
  at: string,
): Promise<boolean> {
  const change = {
    name: line.name ?? item.name,
    group_name: line.group,
    unit: line.unit,
    vat_rate_bp: line.vatRateBp,
    active: line.active ? 1 : 0,
  };
  const isSame = (Object.keys(change) as (keyof typeof change)[]).every((key) => change[key] === item[key]);
  if (isSame) return false;
  if (!(await updatePriceItem(trx, item.id, item.version, { ...change, updated_at: at }))) {
    throw new AppError(409, 'conflict', MESSAGES.conflict);
  }
  return true;
}
