import { addCalendarDays, instantOf, toInstant, wallTimeAt, type DateInput } from './clinic-time';

/** The scheduled backup's parts the timing rule needs. */
export interface BackupTiming {
  enabled: boolean;
  /** HH:mm in the clinic's time zone. */
  time: string;
  /** When the schedule was last saved (ISO); null: never. */
  savedAt: string | null;
}

/** The instant of `time` (HH:mm, clinic time) on the clinic's calendar day of `at`, shifted by `days`. */
function slotOn(at: number, time: string, days: number): number {
  const [hour, minute] = time.split(':').map(Number);
  const day = addCalendarDays(wallTimeAt(at), days);
  return instantOf({ ...day, hour: hour ?? 0, minute: minute ?? 0 });
}

/** The latest scheduled moment at or before `now` (today's HH:mm if passed, else yesterday's). */
export function latestBackupSlot(time: string, now: DateInput): number {
  const at = toInstant(now);
  const today = slotOn(at, time, 0);
  return today <= at ? today : slotOn(at, time, -1);
}

/** The next scheduled moment after `now`, or null while the schedule is off. */
export function nextBackupAt(timing: BackupTiming, now: DateInput): number | null {
  if (!timing.enabled) return null;
  const at = toInstant(now);
  const today = slotOn(at, timing.time, 0);
  return today > at ? today : slotOn(at, timing.time, 1);
}

/**
 * Whether the scheduled backup should start now: it is on, and the latest scheduled moment came after both
 * the last run's start and the schedule's last save. So a server that was down at the time catches up once
 * when it starts, a failed run is not repeated before the next day, and turning the schedule on at 14:00
 * for 02:00 does not start a backup at once.
 */
export function isBackupDue(timing: BackupTiming, lastRunStartedAt: string | null, now: DateInput): boolean {
  if (!timing.enabled) return false;
  const slot = latestBackupSlot(timing.time, now);
  const after = Math.max(
    lastRunStartedAt === null ? Number.NEGATIVE_INFINITY : toInstant(lastRunStartedAt),
    timing.savedAt === null ? Number.NEGATIVE_INFINITY : toInstant(timing.savedAt),
  );
  return slot > after;
}
