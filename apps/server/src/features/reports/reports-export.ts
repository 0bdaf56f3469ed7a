import type {
  CashReport,
  CommissionsReport,
  PlansReport,
  ReceivablesReport,
  RevenueReport,
} from '@odonto/domain/contracts/reports';
import { formatCalendarDay, toIsoDay } from '@odonto/domain/dates';
import { PAYMENT_METHOD_LABELS } from '@odonto/domain/ledger';
import { clinicClock, exportAmount, type ReportFormat } from '@odonto/domain/reports';
import { CSV_BOM, csvLine } from '../audit/audit-csv';

/** A report as a table: what the CSV and XLSX files hold, the header row first. */
export interface ReportTable {
  fileName: string;
  sheet: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * A table narrowed to one location of a clinic group (`sediu`) names it in a first column of every row; of
 * every location, it is as it is.
 */
function located(
  report: { location: { name: string } | null },
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Pick<ReportTable, 'header' | 'rows'> {
  const { location } = report;
  return location
    ? { header: ['Sediu', ...header], rows: rows.map((row) => [location.name, ...row]) }
    : { header, rows };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file of a report table. CSV: UTF-8 with the byte order mark and ';' separators, as Romanian Excel
 * opens it (the audit export's helpers); XLSX: every cell as text, so amounts stay '1250,00' as in the CSV.
 */
export async function reportFile(table: ReportTable, format: ReportFormat): Promise<ReportFile> {
  if (format === 'csv') {
    const text = CSV_BOM + csvLine(table.header) + table.rows.map((row) => csvLine(row)).join('');
    return {
      fileName: `${table.fileName}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  // Loaded when first needed, not at every start of the server (decision 0042).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.columns = table.header.map((header) => ({
    header,
    key: header,
    width: Math.max(12, header.length + 2),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow([...row]);
  const data = await workbook.xlsx.writeBuffer();
  return { fileName: `${table.fileName}.xlsx`, contentType: XLSX_TYPE, body: Buffer.from(data) };
}

/** The daily cash report: the day's payments, then the totals per method and the cash balance. */
export function cashTable(report: CashReport): ReportTable {
  const rows: string[][] = report.payments.map((line) => [
    formatCalendarDay(report.day),
    clinicClock(line.createdAt),
    line.patientName,
    String(line.fileNumber),
    PAYMENT_METHOD_LABELS[line.method],
    line.kind,
    exportAmount(line.amountBani),
    line.receipt ?? '',
    line.userName,
  ]);
  for (const method of report.methods) {
    rows.push([
      '',
      '',
      `Total ${PAYMENT_METHOD_LABELS[method.method]}`,
      '',
      PAYMENT_METHOD_LABELS[method.method],
      '',
      exportAmount(method.netBani),
      '',
      '',
    ]);
  }
  rows.push(['', '', 'Sold inițial numerar', '', 'Numerar', '', exportAmount(report.openingBani), '', '']);
  rows.push(['', '', 'Sold final numerar', '', 'Numerar', '', exportAmount(report.closingBani), '', '']);
  return {
    fileName: `registru-casa-${report.day}`,
    sheet: 'Registru de casă',
    header: [
      'Data',
      'Ora',
      'Pacient',
      'Nr. fișă',
      'Mod de plată',
      'Tip',
      'Suma (lei)',
      'Chitanța',
      'Utilizator',
    ],
    rows,
  };
}

export function revenueTable(report: RevenueReport): ReportTable {
  return {
    fileName: `venituri-${report.month}`,
    sheet: 'Venituri',
    header: ['Luna', 'Locația', 'Medic', 'Taxe (lei)', 'Stornări (lei)', 'Taxe nete (lei)', 'Încasat (lei)'],
    rows: report.lines.map((line) => [
      report.month,
      line.locationName,
      line.doctorName,
      exportAmount(line.chargedBani),
      exportAmount(line.reversedBani),
      exportAmount(line.netChargedBani),
      exportAmount(line.paidBani),
    ]),
  };
}

/** The patients who owe; narrowed to a location (a clinic group), every row names it in a first column. */
export function receivablesTable(report: ReceivablesReport): ReportTable {
  const header = [
    'Pacient',
    'Nr. fișă',
    'Telefon',
    'De plată (lei)',
    'Cea mai veche taxă',
    'Zile de întârziere',
  ];
  const rows = report.lines.map((line) => [
    line.patientName,
    String(line.fileNumber),
    line.telefon,
    exportAmount(line.dueBani),
    formatCalendarDay(line.oldestOpenDay),
    String(line.daysOverdue),
  ]);
  return { fileName: `creante-${report.day}`, sheet: 'Creanțe', ...located(report, header, rows) };
}

/** Plans accepted vs done; narrowed to a location (a clinic group), every row names it in a first column. */
export function plansTable(report: PlansReport): ReportTable {
  const header = ['Luna', 'Medic', 'Planuri acceptate', 'Valoare acceptată (lei)', 'Valoare efectuată (lei)'];
  const rows = report.lines.map((line) => [
    line.month,
    line.doctorName,
    String(line.acceptedCount),
    exportAmount(line.acceptedBani),
    exportAmount(line.doneBani),
  ]);
  return {
    fileName: `planuri-${report.from}-${report.to}`,
    sheet: 'Planuri de tratament',
    ...located(report, header, rows),
  };
}

/** The commissions' lines; narrowed to a location (a clinic group), every row names it in a first column. */
export function commissionsTable(report: CommissionsReport): ReportTable {
  const header = ['Medic', 'Data', 'Pacient', 'Lucrare', 'Încasat (lei)', 'Comision (lei)'];
  const rows = report.lines.map((line) => [
    line.doctorName,
    formatCalendarDay(toIsoDay(line.createdAt)),
    line.patientName,
    line.description,
    exportAmount(line.allocatedBani),
    exportAmount(line.commissionBani),
  ]);
  return { fileName: `comisioane-${report.month}`, sheet: 'Comisioane', ...located(report, header, rows) };
}
