import { formatAuditTime, type AuditRow } from '@odonto/domain/contracts/audit';

/** Excel opens a UTF-8 file with Romanian letters right only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

export const CSV_HEADER = [
  'Data și ora',
  'Utilizator',
  'Email',
  'Adresă IP',
  'Acțiune',
  'Pacient',
  'Detalii',
] as const;

// A cell starting with one of these is read by spreadsheets as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds the separator, a quote or a line break; formulas neutralised. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(SEPARATOR) + LINE_END;
}

/** An audit row as a line of the export, in the header's order. */
export function auditCsvLine(row: AuditRow): string {
  return csvLine([
    formatAuditTime(row.at),
    row.userName ?? '',
    row.userEmail ?? '',
    row.ip ?? '',
    row.actionLabel,
    row.patientName ?? row.patientId ?? '',
    row.detailsText,
  ]);
}
