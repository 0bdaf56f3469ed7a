/**
 * The money reports (issue 13; decision 0025): the pure rules the server's queries and the screens share —
 * clinic months and days, days overdue, who sees which figures, and the cells of the exported tables.
 * Amounts are integer bani; exports write them as '1250,00' (decimal comma, no grouping).
 */
import { can } from './roles';
import { formatAmount } from './money';
import { instantOf, wallTimeAt } from './clinic-time';

/** What a report shows for money rows without a location (locations arrive with issue 14). */
export const MAIN_LOCATION_LABEL = 'Locația principală';

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The most months the plans report covers at once. */
export const MAX_REPORT_MONTHS = 24;

export const RECEIVABLES_PAGE_SIZE = 25;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day 'YYYY-MM-DD'. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a month 'YYYY-MM'. */
export function isMonth(text: string): boolean {
  return MONTH.test(text);
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included ([] when `to` is before `from`). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/** The clinic days a month spans: its first day and the first day of the next month (excluded). */
export function monthDays(month: string): { firstDay: string; endDay: string } {
  return { firstDay: `${month}-01`, endDay: `${nextMonth(month)}-01` };
}

/** The UTC instant (ISO) at which a clinic day starts in Europe/Bucharest. */
export function dayStartInstant(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(
    instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0, millisecond: 0 }),
  ).toISOString();
}

/** The UTC instants a clinic month spans, [start, end): timestamps are compared with these. */
export function monthInstants(month: string): { start: string; end: string } {
  const { firstDay, endDay } = monthDays(month);
  return { start: dayStartInstant(firstDay), end: dayStartInstant(endDay) };
}

/** Whole calendar days from `fromDay` to `toDay` (0 the same day, never negative). */
export function daysOverdue(fromDay: string, toDay: string): number {
  const days = Math.round(
    (Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000,
  );
  return Math.max(0, days);
}

/** '1250,00': an amount as the reports' CSV and XLSX files write it. */
export function exportAmount(bani: number): string {
  return formatAmount(bani).replaceAll('.', '');
}

/**
 * Whose figures a user sees in a report: everyone's (admin), or only their own (a doctor: the server
 * narrows every query to them); null when the report is not theirs at all.
 */
export type ReportScope = { kind: 'all' } | { kind: 'own'; userId: string };

/** The scope of the revenue, receivables, plans and commissions reports. */
export function reportScope(roles: readonly string[], userId: string): ReportScope | null {
  if (can(roles, 'read:reports')) return { kind: 'all' };
  if (can(roles, 'read:own-reports')) return { kind: 'own', userId };
  return null;
}

/** The scope of the daily cash report: reception sees the whole till, a doctor only what they took. */
export function cashReportScope(roles: readonly string[], userId: string): ReportScope | null {
  if (can(roles, 'read:reports') || can(roles, 'read:cash-report')) return { kind: 'all' };
  if (can(roles, 'read:own-reports')) return { kind: 'own', userId };
  return null;
}

/** The report tabs a user may open, in the screen's order. */
export const REPORT_TABS = ['casa', 'venituri', 'creante', 'planuri', 'comisioane'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const REPORT_TAB_LABELS: Readonly<Record<ReportTab, string>> = {
  casa: 'Registru de casă',
  venituri: 'Venituri',
  creante: 'Creanțe',
  planuri: 'Planuri de tratament',
  comisioane: 'Comisioane',
};

export function reportTabsFor(roles: readonly string[]): ReportTab[] {
  const tabs: ReportTab[] = [];
  if (cashReportScope(roles, '')) tabs.push('casa');
  if (reportScope(roles, '')) tabs.push('venituri', 'creante', 'planuri', 'comisioane');
  return tabs;
}

/** '14:05': the clinic's wall-clock time of an instant. */
export function clinicClock(iso: string): string {
  const wall = wallTimeAt(Date.parse(iso));
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}

/** 'noiembrie 2026': a month as the reports' titles name it. */
export function formatReportMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${RO_MONTHS[index - 1] ?? ''} ${year}`;
}

const RO_MONTHS = [
  'ianuarie',
  'februarie',
  'martie',
  'aprilie',
  'mai',
  'iunie',
  'iulie',
  'august',
  'septembrie',
  'octombrie',
  'noiembrie',
  'decembrie',
] as const;
