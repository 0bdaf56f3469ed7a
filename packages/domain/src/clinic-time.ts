/**
 * Wall-clock time in the clinic's time zone, independent of the zone the code runs in.
 *
 * Why not the process's local time: the browser usually runs in Romania, but the server may run in UTC
 * (containers, hosting), and the print sheets, whole-day filters and "tomorrow" must give the same
 * answer on both. Why not the dayjs timezone plugin: measured here, its startOf('day') and add(1, 'day')
 * answer wrongly around the March and October clock changes when the process is not itself on
 * Romanian time. This file does the zone arithmetic with Intl.DateTimeFormat (part of ECMAScript, in every
 * browser and in Node) and nothing else, so its results do not depend on the machine's TZ setting.
 */

/** The clinic's time zone: every calendar day and displayed date is a day in Romania. */
export const CLINIC_TIME_ZONE = 'Europe/Bucharest';

/** A date as callers hold it: a Date, milliseconds since the epoch, or an ISO 8601 text. */
export type DateInput = Date | string | number;

/** A wall-clock reading; month 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const DAY_MS = 86_400_000;
// The range of a JavaScript Date: ±100,000,000 days around the epoch.
const MAX_INSTANT = 8.64e15;

// ISO 8601 as the API and the forms write it: a calendar day, or a date and time with or without an
// offset. Offset-less texts are wall-clock times in the clinic's zone (what a date field means).
const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat costs far more than using one, so one is kept per zone.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The milliseconds since the epoch at which a UTC clock shows the wall time (no zone involved). */
export function utcInstantOf(wall: WallTime): number {
  // setUTCFullYear, unlike Date.UTC, does not turn years 0–99 into 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

const HOUR_MS = 3_600_000;
/** Hours whose offset is known, per zone, before the oldest are forgotten (about 11 years of hours). */
const HOURS_KEPT = 100_000;
// Per zone: the offset of each hour asked for, or null when the offset changes within that hour.
const hourOffsets = new Map<string, Map<number, number | null>>();

/**
 * The wall-clock time the zone shows at the instant. Intl answers it in microseconds, and opening a patient
 * asks about ten times (the birth date, today), so the offset of each hour is kept: within an hour whose
 * offset is the same at its first and last millisecond (every hour but one where the clocks change), the
 * wall time is the UTC reading of the instant plus that offset.
 */
export function wallTimeAt(instant: number, timeZone: string = CLINIC_TIME_ZONE): WallTime {
  const offset = steadyOffsetOfHour(instant, timeZone);
  if (offset === null) return wallTimeByIntl(instant, timeZone);
  const shifted = new Date(instant + offset);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

/** The zone's offset throughout the instant's hour, or null when it changes within it (or out of range). */
function steadyOffsetOfHour(instant: number, timeZone: string): number | null {
  const hour = Math.floor(instant / HOUR_MS);
  const start = hour * HOUR_MS;
  const end = start + HOUR_MS - 1;
  if (!(start >= -MAX_INSTANT && end <= MAX_INSTANT)) return null;
  let offsets = hourOffsets.get(timeZone);
  if (offsets === undefined) {
    offsets = new Map();
    hourOffsets.set(timeZone, offsets);
  }
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= HOURS_KEPT) offsets.clear();
    const first = offsetByIntl(start, timeZone);
    offset = first === offsetByIntl(end, timeZone) ? first : null;
    offsets.set(hour, offset);
  }
  return offset;
}

function offsetByIntl(instant: number, timeZone: string): number {
  return utcInstantOf(wallTimeByIntl(instant, timeZone)) - instant;
}

function wallTimeByIntl(instant: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    // en-US counts years before 1 as "1 BC", "2 BC", …
    year: parts.era === 'BC' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    // Some ICU versions still write midnight as 24 despite h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

/** The zone's offset from UTC at the instant, in milliseconds (Bucharest: +2 h in winter, +3 h in summer). */
export function offsetAt(instant: number, timeZone: string = CLINIC_TIME_ZONE): number {
  return utcInstantOf(wallTimeAt(instant, timeZone)) - instant;
}

/**
 * The instant at which the zone's clocks show the wall time. A time skipped when clocks go forward counts
 * as the same time after the change (03:30 → 04:30); a time shown twice when they go back is its first
 * occurrence. Both rules are those of the Temporal proposal's 'compatible' disambiguation.
 */
export function instantOf(wall: WallTime, timeZone: string = CLINIC_TIME_ZONE): number {
  const asUtc = utcInstantOf(wall);
  // Zones change their offset at most once in a day, so the offsets a day before and after are the only
  // candidates.
  const offsetBefore = offsetAt(asUtc - DAY_MS, timeZone);
  const offsetAfter = offsetAt(asUtc + DAY_MS, timeZone);
  const matches = [asUtc - offsetBefore, asUtc - offsetAfter].filter(
    (instant) => offsetAt(instant, timeZone) === asUtc - instant,
  );
  if (matches.length === 0) return asUtc - offsetBefore;
  return Math.min(...matches);
}

/** The wall time of a calendar day shifted by whole days (month and year lengths handled), at midnight. */
export function addCalendarDays(wall: WallTime, days: number): WallTime {
  const shifted = new Date(utcInstantOf({ ...wall, hour: 12, minute: 0, second: 0, millisecond: 0 }));
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  };
}

function isRealWallTime(wall: WallTime): boolean {
  const back = new Date(utcInstantOf(wall));
  return (
    back.getUTCFullYear() === wall.year &&
    back.getUTCMonth() + 1 === wall.month &&
    back.getUTCDate() === wall.day &&
    back.getUTCHours() === wall.hour &&
    back.getUTCMinutes() === wall.minute &&
    back.getUTCSeconds() === wall.second
  );
}

function parseIso(text: string, timeZone: string): number {
  const match = ISO_PATTERN.exec(text.trim());
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    // Digits beyond milliseconds are dropped, not rounded, so a time never moves into the next second.
    millisecond: Number((fraction ?? '').padEnd(3, '0').slice(0, 3)),
  };
  // The JavaScript Date parser would roll 30 February over into March; a wrong date is an error here.
  if (!isRealWallTime(wall)) return Number.NaN;
  if (offset === undefined) return instantOf(wall, timeZone);
  if (offset.toUpperCase() === 'Z') return utcInstantOf(wall);
  const sign = offset.startsWith('-') ? -1 : 1;
  const offsetMinutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  if (offsetMinutes >= 24 * 60) return Number.NaN;
  return utcInstantOf(wall) - sign * offsetMinutes * 60_000;
}

/**
 * Milliseconds since the epoch of a date input, or NaN when it is not a valid date. Texts must be ISO
 * 8601 ('2026-03-05', '2026-03-05T10:30', '2026-03-05T08:30:00.000Z', '…+02:00'); a text without an
 * offset is a wall time in the zone.
 */
export function toInstant(input: DateInput, timeZone: string = CLINIC_TIME_ZONE): number {
  if (input instanceof Date) return input.getTime();
  if (typeof input === 'number') return Math.abs(input) <= MAX_INSTANT ? input : Number.NaN;
  return parseIso(input, timeZone);
}
