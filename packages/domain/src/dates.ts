/**
 * Date helpers of SPEC.md §9 in the Romanian locale. Every calendar day here is a day in the clinic's
 * time zone (Europe/Bucharest, see clinic-time.ts), whatever zone the browser or the server runs in, so
 * a treatment saved at 00:30 in Bucharest shows the same date on a print made by a server on UTC.
 *
 * The three display formats answer '' for an input that is not a date, so one bad legacy value never
 * breaks a screen; the other helpers throw a RangeError, because a wrong filter or age must not pass
 * unnoticed.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/ro.js';
import {
  addCalendarDays,
  instantOf,
  toInstant,
  utcInstantOf,
  wallTimeAt,
  type DateInput,
  type WallTime,
} from './clinic-time';

// advancedFormat gives the 'Do' token (the 'ro' locale's ordinal is the bare number); utc lets dayjs
// format a wall time we computed without applying the process's own zone. Extending twice is harmless,
// and the global locale is left alone: the web app sets its own.
dayjs.extend(advancedFormat);
dayjs.extend(utc);

const DAY_MS = 86_400_000;

function clinicWallTime(input: DateInput): WallTime {
  const instant = toInstant(input);
  if (Number.isNaN(instant)) throw new RangeError(`Dată invalidă: ${String(input)}`);
  return wallTimeAt(instant);
}

function formatInClinic(input: DateInput, pattern: string): string {
  const instant = toInstant(input);
  if (Number.isNaN(instant)) return '';
  // The clinic's wall time written as a UTC instant and formatted in UTC mode: dayjs then prints exactly
  // those fields, with the ro locale's month names.
  return dayjs
    .utc(utcInstantOf(wallTimeAt(instant)))
    .locale('ro')
    .format(pattern);
}

/** Breadcrumb date, 'DD MMM YYYY' in ro: '05 Mart. 2026'; '' when the input is not a date. */
export function formatBreadcrumbDate(input: DateInput): string {
  return formatInClinic(input, 'DD MMM YYYY');
}

/** Treatment date, 'Do MMM YYYY' in ro (no ordinal suffix in Romanian): '5 Mart. 2026'; '' when invalid. */
export function formatTreatmentDate(input: DateInput): string {
  return formatInClinic(input, 'Do MMM YYYY');
}

/**
 * Instrument date, 'DD.MM.YYYY': '05.03.2026' (SPEC.md's 'MM-DD-YYYY' is the American order, which a
 * Romanian inspector misreads: docs/decisions/0029); '' when the input is not a date.
 */
export function formatInstrumentDate(input: DateInput): string {
  return formatInClinic(input, 'DD.MM.YYYY');
}

/** The clinic calendar day of the input as 'YYYY-MM-DD', the value a date field and the API exchange. */
export function toIsoDay(input: DateInput): string {
  const { year, month, day } = clinicWallTime(input);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '25.11.2026': a calendar day ('YYYY-MM-DD') as Romanian documents write it (invoices, receipts, reports). */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Days as milliseconds (a duration of 24-hour days, not calendar days across a clock change). */
export function daysToMs(days: number): number {
  return days * DAY_MS;
}

/** Milliseconds as days, fractions kept (a duration of 24-hour days). */
export function msToDays(ms: number): number {
  return ms / DAY_MS;
}

/** The first instant (00:00:00.000 in Bucharest) of the clinic day of the input, for whole-day filters. */
export function startOfDay(input: DateInput): Date {
  const wall = clinicWallTime(input);
  return new Date(instantOf({ ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 }));
}

/** The last instant (23:59:59.999 in Bucharest) of the clinic day of the input, for whole-day filters. */
export function endOfDay(input: DateInput): Date {
  // One millisecond before the next day starts, which stays right on the 23- and 25-hour days.
  const next = addCalendarDays(clinicWallTime(input), 1);
  return new Date(instantOf(next) - 1);
}

/** The start of the clinic day after `now` (the appointment form's default date). */
export function tomorrow(now: DateInput): Date {
  return new Date(instantOf(addCalendarDays(clinicWallTime(now), 1)));
}

/**
 * Completed years of life on the clinic day of `now`. Someone born on 29 February turns a year older on
 * 1 March in common years. A birthdate after `now` gives 0.
 */
export function ageInYears(birthdate: DateInput, now: DateInput): number {
  const born = clinicWallTime(birthdate);
  const today = clinicWallTime(now);
  const hadBirthday = today.month > born.month || (today.month === born.month && today.day >= born.day);
  return Math.max(0, today.year - born.year - (hadBirthday ? 0 : 1));
}
