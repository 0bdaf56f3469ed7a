import dayjs from 'dayjs';
import 'dayjs/locale/ro';
import { SLOT_MINUTES } from '@odonto/domain/appointments';
import { addCalendarDays, toInstant, wallTimeAt } from '@odonto/domain/clinic-time';
import { toIsoDay } from '@odonto/domain/dates';

/** The calendar shows one day or a week (Monday first, as Romanian calendars do). */
export type CalendarView = 'day' | 'week';

/** Pixels of one 15-minute slot on the grid. */
export const SLOT_PX = 16;
/** The hours the grid shows unless an appointment lies outside them. */
export const DEFAULT_HOURS = { start: 7, end: 21 } as const;

/** The clinic day `days` after `day` (both 'YYYY-MM-DD'). */
export function shiftDay(day: string, days: number): string {
  const wall = addCalendarDays(wallTimeAt(toInstant(day)), days);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

/** 0 for Monday … 6 for Sunday. */
function weekdayIndex(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return (new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).getUTCDay() + 6) % 7;
}

/** The days a view of `anchor` shows. */
export function viewDays(anchor: string, view: CalendarView): string[] {
  if (view === 'day') return [anchor];
  const monday = shiftDay(anchor, -weekdayIndex(anchor));
  return Array.from({ length: 7 }, (_, index) => shiftDay(monday, index));
}

/** Today in the clinic's zone. */
export function clinicToday(now: Date): string {
  return toIsoDay(now);
}

/** 'Joi, 5 mar.' — a column's day. */
export function dayLabel(day: string): string {
  const text = dayjs(day).locale('ro').format('dddd, D MMM');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The hours the grid spans: the location's own ('HH:MM', issue 14) or the default ones, widened to every
 * appointment shown.
 */
export function gridHours(
  items: readonly { deLa: { ora: number }; panaLa: { ora: number; minute: number } }[],
  own: { opensAt: string | null; closesAt: string | null } | null = null,
) {
  let start: number = DEFAULT_HOURS.start;
  let end: number = DEFAULT_HOURS.end;
  if (own?.opensAt && own.closesAt) {
    const [opensHour = start] = own.opensAt.split(':').map(Number);
    const [closesHour = end, closesMinute = 0] = own.closesAt.split(':').map(Number);
    start = opensHour;
    end = closesMinute > 0 ? closesHour + 1 : closesHour;
  }
  for (const item of items) {
    start = Math.min(start, item.deLa.ora);
    end = Math.max(end, item.panaLa.minute > 0 ? item.panaLa.ora + 1 : item.panaLa.ora);
  }
  return { start, end: Math.min(end, 24) };
}

/** Minutes since midnight. */
export function minutesOf(time: { ora: number; minute: number }): number {
  return time.ora * 60 + time.minute;
}

/** The time of a minute count (clamped to the day). */
export function timeOf(minutes: number): { ora: number; minute: number } {
  const clamped = Math.max(0, Math.min(minutes, 23 * 60 + 59));
  return { ora: Math.floor(clamped / 60), minute: clamped % 60 };
}

/** The start of the slot a point `offsetY` pixels below the grid's top falls in. */
export function slotAt(offsetY: number, startHour: number): { ora: number; minute: number } {
  const slot = Math.max(0, Math.floor(offsetY / SLOT_PX));
  return timeOf(startHour * 60 + slot * SLOT_MINUTES);
}

/** The vertical position and height of an appointment in its column. */
export function blockBox(
  item: { deLa: { ora: number; minute: number }; panaLa: { ora: number; minute: number } },
  startHour: number,
) {
  const top = ((minutesOf(item.deLa) - startHour * 60) / SLOT_MINUTES) * SLOT_PX;
  const height = Math.max(
    ((minutesOf(item.panaLa) - minutesOf(item.deLa)) / SLOT_MINUTES) * SLOT_PX,
    SLOT_PX,
  );
  return { top, height };
}

/** Where a block sits across its column: lane `lane` of `lanes` side by side. */
export interface Lane {
  lane: number;
  lanes: number;
}

/**
 * Side-by-side lanes for the appointments of one column, so that overlapping ones (kept after the overlap
 * warning) are all seen and can all be clicked. Appointments that overlap, directly or through others, form
 * a group; each takes the first lane free at its start, and the group is split into as many lanes as it
 * needed at most.
 */
export function layoutLanes(
  items: readonly {
    _id: string;
    deLa: { ora: number; minute: number };
    panaLa: { ora: number; minute: number };
  }[],
): Map<string, Lane> {
  const sorted = [...items].sort(
    (a, b) => minutesOf(a.deLa) - minutesOf(b.deLa) || minutesOf(b.panaLa) - minutesOf(a.panaLa),
  );
  const result = new Map<string, Lane>();
  let group: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const member of group) result.set(member.id, { lane: member.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const start = minutesOf(item.deLa);
    // A block is at least one slot tall on screen, so a zero-length appointment still takes room.
    const end = Math.max(minutesOf(item.panaLa), start + SLOT_MINUTES);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    group.push({ id: item._id, lane });
    groupEnd = Math.max(groupEnd, end);
  }
  closeGroup();
  return result;
}
