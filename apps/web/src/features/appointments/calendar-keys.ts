import { SLOT_MINUTES } from '@odonto/domain/appointments';

/** 'HH:MM' of minutes since midnight. */
export function timeText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The grid's hours in minutes since midnight: its first slot starts at `first`, its last ends at `end`. */
export interface GridBounds {
  first: number;
  end: number;
}

export interface SlotCursor {
  /** The column's place among the grid's columns (day × doctor, left to right). */
  column: number;
  /** The slot's start, minutes since midnight. */
  minutes: number;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));

/**
 * Where a key moves the calendar's slot cursor: ↑/↓ a slot (15 minutes), Page Up/Page Down an hour,
 * Home/End the day's first or last slot, ←/→ the neighbouring column at the same time. At an edge the
 * cursor stays; any other key gives null.
 */
export function slotAfterKey(
  key: string,
  from: SlotCursor,
  grid: GridBounds & { columns: number },
): SlotCursor | null {
  const last = grid.end - SLOT_MINUTES;
  const at = (minutes: number) => ({ column: from.column, minutes: clamp(minutes, grid.first, last) });
  switch (key) {
    case 'ArrowUp':
      return at(from.minutes - SLOT_MINUTES);
    case 'ArrowDown':
      return at(from.minutes + SLOT_MINUTES);
    case 'PageUp':
      return at(from.minutes - 60);
    case 'PageDown':
      return at(from.minutes + 60);
    case 'Home':
      return at(grid.first);
    case 'End':
      return at(last);
    case 'ArrowLeft':
      return { column: clamp(from.column - 1, 0, grid.columns - 1), minutes: from.minutes };
    case 'ArrowRight':
      return { column: clamp(from.column + 1, 0, grid.columns - 1), minutes: from.minutes };
    default:
      return null;
  }
}

export interface Place {
  day: string;
  doctorId: string;
  startMinutes: number;
}

/**
 * The new place of an appointment moved with the keyboard. Alt+arrow, or M, starts the move (M where it
 * is); while it moves, the arrows alone go on: ↑/↓ by a slot, ←/→ by a column (the next doctor, then the
 * next day). It stays inside the grid's hours and columns. Null for a key that does not move it.
 */
export function keyMoveTarget(
  event: { key: string; altKey: boolean; ctrlKey?: boolean; metaKey?: boolean },
  state: {
    isMoving: boolean;
    from: Place;
    duration: number;
    columns: readonly { day: string; doctorId: string }[];
    bounds: GridBounds;
  },
): Place | null {
  const { isMoving, from, duration, columns, bounds } = state;
  if (event.ctrlKey || event.metaKey) return null;
  if (!isMoving && (event.key === 'm' || event.key === 'M') && !event.altKey) return { ...from };
  if (!isMoving && !event.altKey) return null;
  const latest = Math.max(bounds.first, bounds.end - Math.max(duration, SLOT_MINUTES));
  const index = columns.findIndex((column) => column.day === from.day && column.doctorId === from.doctorId);
  const toColumn = (step: number) => {
    const column = columns[clamp(index + step, 0, columns.length - 1)];
    return index === -1 || !column ? { ...from } : { ...from, day: column.day, doctorId: column.doctorId };
  };
  switch (event.key) {
    case 'ArrowUp':
      return { ...from, startMinutes: clamp(from.startMinutes - SLOT_MINUTES, bounds.first, latest) };
    case 'ArrowDown':
      return { ...from, startMinutes: clamp(from.startMinutes + SLOT_MINUTES, bounds.first, latest) };
    case 'ArrowLeft':
      return toColumn(-1);
    case 'ArrowRight':
      return toColumn(1);
    default:
      return null;
  }
}
