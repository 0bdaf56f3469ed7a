import dayjs from 'dayjs';
import 'dayjs/locale/ro';
import type { CalendarAriaLabels } from '@mantine/dates';

/** Romanian names for the calendar's navigation buttons, for screen readers. */
export const CALENDAR_ARIA_LABELS: CalendarAriaLabels = {
  monthLevelControl: 'Alege luna',
  yearLevelControl: 'Alege anul',
  nextMonth: 'Luna următoare',
  previousMonth: 'Luna anterioară',
  nextYear: 'Anul următor',
  previousYear: 'Anul anterior',
  nextDecade: 'Deceniul următor',
  previousDecade: 'Deceniul anterior',
};

/** A calendar day's accessible name: '5 martie 2026' (dayjs's ro locale capitalises the month). */
export function dayAriaLabel(date: string): string {
  return dayjs(date).locale('ro').format('D MMMM YYYY').toLocaleLowerCase('ro');
}

/** The props that give a Mantine date picker Romanian accessible names. */
export const DATE_PICKER_A11Y = { ariaLabels: CALENDAR_ARIA_LABELS, getDayAriaLabel: dayAriaLabel } as const;
