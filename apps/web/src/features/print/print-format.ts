import { wallTimeAt } from '@odonto/domain/clinic-time';

const two = (value: number) => String(value).padStart(2, '0');

/** '22.11.2026' — a clinic day as Romanian papers write it; '' when not a date. */
export function formatPrintDay(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const { year, month, day } = wallTimeAt(instant);
  return `${two(day)}.${two(month)}.${year}`;
}

/** '22.11.2026, 10:05' in the clinic's time zone. */
export function formatPrintTime(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const { hour, minute } = wallTimeAt(instant);
  return `${formatPrintDay(iso)}, ${two(hour)}:${two(minute)}`;
}

/** A CSS string literal (for `content:` in the page margins). */
export function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;
}
