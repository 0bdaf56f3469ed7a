import { formatCalendarDay } from './dates';

/**
 * The days a treatment or an appointment may be dated: from 1 January of `firstYear` to 31 December of
 * the year `yearsAhead` years from now. Outside it a date is a typing mistake (year 9999, year 0001), not
 * a plan. The clinic's setting; the default is 1990 to ten years ahead.
 */
export interface DateWindow {
  firstYear: number;
  yearsAhead: number;
}

export const DEFAULT_DATE_WINDOW: DateWindow = { firstYear: 1990, yearsAhead: 10 };

/** The window's first and last day ('YYYY-MM-DD') as seen on `today` (a clinic day, 'YYYY-MM-DD'). */
export function dateWindowDays(window: DateWindow, today: string): { first: string; last: string } {
  const year = Number(today.slice(0, 4));
  return {
    first: `${String(window.firstYear).padStart(4, '0')}-01-01`,
    last: `${String(year + window.yearsAhead).padStart(4, '0')}-12-31`,
  };
}

/**
 * Null when `day` ('YYYY-MM-DD') lies in the window, otherwise the Romanian message naming the field,
 * e.g. 'Data programării trebuie să fie între 01.01.1990 și 31.12.2036.'
 */
export function dateWindowProblem(
  day: string,
  field: string,
  window: DateWindow,
  today: string,
): string | null {
  const { first, last } = dateWindowDays(window, today);
  if (day >= first && day <= last) return null;
  return `${field} trebuie să fie între ${formatCalendarDay(first)} și ${formatCalendarDay(last)}.`;
}

export const BIRTHDATE_MESSAGES = {
  future: 'Data nașterii nu poate fi în viitor.',
  tooOld: 'Data nașterii nu poate fi înainte de 01.01.1900.',
} as const;

/** Null for a plausible birth date ('YYYY-MM-DD'): not after `today` and not before 1900. */
export function birthdateProblem(day: string, today: string): string | null {
  if (day > today) return BIRTHDATE_MESSAGES.future;
  if (day < '1900-01-01') return BIRTHDATE_MESSAGES.tooOld;
  return null;
}
