/**
 * The retention period of a patient's record (issue 16; docs/decisions/0035): a patient may be anonymised
 * only once the clinic's retention period, counted in whole years from the patient's last visit, has
 * passed. Every day here is a calendar day in the clinic's time zone (clinic-time.ts).
 */
import { addCalendarDays, instantOf, toInstant, type DateInput } from './clinic-time';
import { toIsoDay } from './dates';

/** Ten years: the longest period Romanian law sets for the documents a dental record holds (decision 0035). */
export const DEFAULT_RETENTION_YEARS = 10;
export const MIN_RETENTION_YEARS = 1;
export const MAX_RETENTION_YEARS = 100;

/** What a patient's last visit is made of: the latest of the three (decision 0035). */
export interface VisitDates {
  /** When the patient's file was opened. */
  createdAt: string;
  /** The date of the latest treatment entry that is not deleted, or null. */
  lastEntryAt: string | null;
  /** The start of the latest appointment that is not deleted and has begun, or null. */
  lastAppointmentAt: string | null;
}

/** The patient's last visit: the latest treatment, the latest appointment that took place, else the file's opening. */
export function lastVisitOf(dates: VisitDates): string {
  const candidates = [dates.createdAt, dates.lastEntryAt, dates.lastAppointmentAt].filter(
    (value): value is string => value !== null && !Number.isNaN(toInstant(value)),
  );
  let latest = dates.createdAt;
  for (const candidate of candidates) {
    if (toInstant(candidate) > toInstant(latest)) latest = candidate;
  }
  return latest;
}

function splitDay(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 1, day: date ?? 1 };
}

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The clinic day from which the patient may be anonymised ('YYYY-MM-DD'): the last visit's day plus the
 * years. A visit on 29 February ends on 1 March of a common year, so no day of the period is lost.
 */
export function retentionEndDay(lastVisit: DateInput, years: number): string {
  const { year, month, day } = splitDay(toIsoDay(lastVisit));
  if (month === 2 && day === 29 && !isLeapYear(year + years)) return isoOf(year + years, 3, 1);
  return isoOf(year + years, month, day);
}

/** True when the retention period counted from `lastVisit` has passed on the clinic day of `now`. */
export function isRetentionPassed(lastVisit: DateInput, years: number, now: DateInput): boolean {
  return retentionEndDay(lastVisit, years) <= toIsoDay(now);
}

/**
 * The instant before which a last visit must lie for the period to have passed on the clinic day of `now`
 * (ISO, UTC): the start of the day after `now`'s day less the years. The report's query compares with it, and
 * it agrees with isRetentionPassed on every day, 29 February included (a 29 February that a common year
 * lacks is read as the 28th).
 */
export function retentionCutoff(now: DateInput, years: number): string {
  const today = splitDay(toIsoDay(now));
  const year = today.year - years;
  const day = today.month === 2 && today.day === 29 && !isLeapYear(year) ? 28 : today.day;
  const next = addCalendarDays(
    { year, month: today.month, day, hour: 0, minute: 0, second: 0, millisecond: 0 },
    1,
  );
  return new Date(instantOf(next)).toISOString();
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
