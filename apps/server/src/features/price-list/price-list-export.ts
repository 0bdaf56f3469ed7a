import { PRICE_LIST_COLUMNS, priceListCells, type PriceListLine } from '@odonto/domain/price-list';
import { CSV_BOM, csvLine } from '../audit/audit-csv';
import { loadPriceList, type PriceListDeps } from './price-list.service';

export interface PriceListFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/price-list/export: every item (inactive too) with its price on `day`, in the columns the import
 * reads back (cod, denumire, grupa, unitate, pret_lei, tva, activ). CSV is UTF-8 with a byte order mark and
 * ';' separators, as Romanian Excel opens it; XLSX keeps every cell as text so codes and prices stay as shown.
 */
export async function exportPriceList(
  deps: PriceListDeps,
  format: 'csv' | 'xlsx',
  day: string,
): Promise<PriceListFile> {
  const items = await loadPriceList(deps, day, true);
  const lines: PriceListLine[] = items.map((item) => ({
    code: item.code,
    name: item.name,
    group: item.group,
    unit: item.unit,
    amountBani: item.price?.amountBani ?? null,
    vatRateBp: item.vatRateBp,
    active: item.active,
  }));
  const baseName = `lista-preturi-${day}`;
  if (format === 'csv') {
    const text =
      CSV_BOM + csvLine(PRICE_LIST_COLUMNS) + lines.map((line) => csvLine(priceListCells(line))).join('');
    return {
      fileName: `${baseName}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  // Loaded when first needed, not at every start of the server (decision 0042).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Listă de prețuri');
  sheet.columns = PRICE_LIST_COLUMNS.map((column, index) => ({
    header: column,
    key: column,
    width: [10, 48, 28, 12, 12, 8, 6][index] ?? 12,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) sheet.addRow(priceListCells(line));
  const data = await workbook.xlsx.writeBuffer();
  return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body: Buffer.from(data) };
}
