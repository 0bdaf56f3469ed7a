/**
 * Pure rules of appointments (SPEC.md §3 Appointment form, §5 eqOrGt/eqOrGtMinutes, §9) and of their SMS
 * reminders: the form's day + hours ↔ instants in the clinic's zone, the end-not-before-start check with
 * SPEC's messages, overlap, when a reminder is due, Romanian phone numbers in E.164, the retry schedule
 * and the reminder text. No clock here: callers pass `now`.
 */
import { addCalendarDays, instantOf, toInstant, wallTimeAt, type DateInput } from './clinic-time';
import { toIsoDay } from './dates';
import { simplify } from './places';
import { eqOrGt, eqOrGtMinutes } from './rules';

/** An hour and minutes of the form (`deLa`, `panaLa`). */
export interface ClockTime {
  ora: number;
  minute: number;
}

/** SPEC.md §9: the SMS reminder goes this many hours before the appointment unless configured. */
export const DEFAULT_SMS_REMIND_HOURS = 24;
/** The calendar's grid and the form's minute choices step by this many minutes. */
export const SLOT_MINUTES = 15;
/** Display names of the fields in SPEC's eqOrGt messages ('Câmpul ora trebuie să fie cel puțin 9.'). */
export const TIME_FIELD_NAMES = { ora: 'ora', minute: 'minute' } as const;

/** The instants an appointment on the clinic day `day` ('YYYY-MM-DD') from `deLa` to `panaLa` covers. */
export function appointmentInstants(
  day: string,
  deLa: ClockTime,
  panaLa: ClockTime,
): { start: number; end: number } {
  const midnight = toInstant(day);
  if (Number.isNaN(midnight)) throw new RangeError(`Dată invalidă: ${day}`);
  const wall = wallTimeAt(midnight);
  const at = (time: ClockTime) =>
    instantOf({ ...wall, hour: time.ora, minute: time.minute, second: 0, millisecond: 0 });
  return { start: at(deLa), end: at(panaLa) };
}

/** The form's fields of a stored appointment: its clinic day and its start and end hours. */
export function appointmentFormTimes(
  start: DateInput,
  end: DateInput,
): { createdAt: string; deLa: ClockTime; panaLa: ClockTime } {
  const startWall = wallTimeAt(toInstant(start));
  const endWall = wallTimeAt(toInstant(end));
  return {
    createdAt: toIsoDay(start),
    deLa: { ora: startWall.hour, minute: startWall.minute },
    panaLa: { ora: endWall.hour, minute: endWall.minute },
  };
}

/**
 * SPEC.md §5 applied to the form: the end hour is eqOrGt the start hour, and when the hours are equal the
 * end minutes are eqOrGt the start minutes (eqOrGtMinutes). Answers the message per end field, or none.
 */
export function endBeforeStartProblems(
  deLa: Partial<ClockTime>,
  panaLa: Partial<ClockTime>,
): { ora?: string; minute?: string } {
  const problems: { ora?: string; minute?: string } = {};
  const hour = eqOrGt(panaLa.ora, deLa.ora, TIME_FIELD_NAMES.ora);
  if (hour !== true) problems.ora = hour;
  const minutes = eqOrGtMinutes(panaLa.minute, [deLa.ora, deLa.minute, panaLa.ora], TIME_FIELD_NAMES.minute);
  if (minutes !== true) problems.minute = minutes;
  return problems;
}

/** A span of time, in ms since the epoch, start inclusive and end exclusive. */
export interface TimeSpan {
  start: number;
  end: number;
}

/**
 * True when the spans share time. Back-to-back appointments (one ends at 10:00, the next starts at
 * 10:00) do not overlap; an empty span (start = end) overlaps a span it lies strictly inside.
 */
export function spansOverlap(a: TimeSpan, b: TimeSpan): boolean {
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** The first of `others` of the same doctor (not the candidate itself) that shares time with it. */
export function findOverlap<T extends TimeSpan & { id: string; doctorId: string }>(
  candidate: TimeSpan & { id?: string; doctorId: string },
  others: readonly T[],
): T | undefined {
  return others.find(
    (other) =>
      other.id !== candidate.id && other.doctorId === candidate.doctorId && spansOverlap(candidate, other),
  );
}

/** When the reminder of an appointment starting at `start` is due: `hours` before it. */
export function reminderDueAt(start: number, hours: number): number {
  return start - hours * 3_600_000;
}

/**
 * Whether an appointment gets a reminder at all: it asked for one and has not started yet. A reminder due
 * in the past (booked less than `hours` ahead) is sent as soon as possible.
 */
export function wantsReminder(appointment: { trimite_sms: boolean; start: number }, now: number): boolean {
  return appointment.trimite_sms && appointment.start > now;
}

export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: string };

export const PHONE_MESSAGES = {
  missing: 'Pacientul nu are număr de telefon.',
  invalid: (text: string) => `Numărul de telefon „${text}” nu este valid.`,
  notMobile: (text: string) => `Numărul „${text}” nu este de telefon mobil și nu poate primi SMS.`,
} as const;

/**
 * A phone number as an SMS provider wants it, E.164. Romanian numbers may be written '0722 123 456',
 * '+40 722 123 456', '0040722123456' or '40722123456' (spaces, dots, dashes, parentheses ignored); only
 * mobile numbers (+407…) can receive SMS. A foreign number must be written with its '+' prefix.
 */
export function toE164(text: string): PhoneCheck {
  const written = text.trim();
  if (written === '') return { ok: false, reason: PHONE_MESSAGES.missing };
  const compact = written.replace(/[\s.\-()/]/g, '');
  let international: string;
  if (/^\+\d+$/.test(compact)) international = compact.slice(1);
  else if (/^00\d+$/.test(compact)) international = compact.slice(2);
  else if (/^0\d{9}$/.test(compact)) international = `40${compact.slice(1)}`;
  else if (/^40\d{9}$/.test(compact)) international = compact;
  else return { ok: false, reason: PHONE_MESSAGES.invalid(written) };
  if (international.startsWith('40')) {
    const national = international.slice(2);
    if (!/^\d{9}$/.test(national)) return { ok: false, reason: PHONE_MESSAGES.invalid(written) };
    if (!national.startsWith('7')) return { ok: false, reason: PHONE_MESSAGES.notMobile(written) };
    return { ok: true, e164: `+${international}` };
  }
  // E.164: a country code not starting with 0 and at most 15 digits in all.
  if (!/^[1-9]\d{7,14}$/.test(international)) return { ok: false, reason: PHONE_MESSAGES.invalid(written) };
  return { ok: true, e164: `+${international}` };
}

/**
 * Waits before the next try after a failed send, by the number of tries made so far: 1 min, 5 min, 15 min,
 * 1 h. A provider outage of an hour or so is ridden out; after the last the message is marked failed.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;

/** When to try again after the `attempts`-th failed try, or null when it is time to give up. */
export function nextAttemptAt(now: number, attempts: number): number | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : now + delay;
}

/** The placeholders a reminder text may use. */
export const REMINDER_PLACEHOLDERS = ['clinica', 'pacient', 'data', 'ora', 'medic'] as const;
export type ReminderValues = Record<(typeof REMINDER_PLACEHOLDERS)[number], string>;

/**
 * The default reminder. Written without diacritics on purpose: one ș or ț switches an SMS from GSM-7 (160
 * characters) to UCS-2 (70 characters) and so doubles or triples what each reminder costs.
 */
export const DEFAULT_REMINDER_TEMPLATE =
  'Buna ziua, {pacient}! Va reamintim programarea la {clinica} pe {data}, ora {ora}, cu dr. {medic}.';
export const DEFAULT_CLINIC_NAME = 'Clinica Odonto';

const NOT_GSM = /[^\u0020-\u007e\n\r]/;

/**
 * How many SMS a text costs: GSM-7 fits 160 characters in one, a single character outside it (a diacritic)
 * makes the whole text UCS-2, 70 per SMS. Printable ASCII stands for GSM-7 here (its few other letters are
 * not Romanian).
 */
export function smsParts(text: string): { parts: number; isUnicode: boolean } {
  const isUnicode = NOT_GSM.test(text);
  const perPart = isUnicode ? 70 : 160;
  return { parts: Math.max(1, Math.ceil(text.length / perPart)), isUnicode };
}

/**
 * The template with each {placeholder} replaced; unknown placeholders are left as written. A template
 * written without diacritics gets the names without them too ('Ștefănescu' → 'Stefanescu'): one 'Ș' in a
 * patient's name would make that reminder UCS-2 and cost two or three SMS. A template with diacritics was
 * the clinic's choice, and the names keep theirs.
 */
export function renderReminder(template: string, values: ReminderValues): string {
  const isPlain = !NOT_GSM.test(template);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(REMINDER_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as keyof ReminderValues];
    return isPlain ? simplify(value) : value;
  });
}

/**
 * A doctor's name for the {medic} placeholder: without a leading title, since the text writes 'dr.' itself
 * ('Dr. Mihai Ionescu' → 'Mihai Ionescu', never 'cu dr. Dr. Mihai Ionescu').
 */
export function reminderDoctorName(name: string): string {
  const bare = name.trim().replace(/^(dr|doctor)\.?\s+/i, '');
  return bare === '' ? name.trim() : bare;
}

/** The date and time of an appointment as a reminder writes them: '05.03.2026' and '09:30'. */
export function reminderDateTime(start: DateInput): { data: string; ora: string } {
  const wall = wallTimeAt(toInstant(start));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    data: `${two(wall.day)}.${two(wall.month)}.${wall.year}`,
    ora: `${two(wall.hour)}:${two(wall.minute)}`,
  };
}

/** The clinic day after `now` as 'YYYY-MM-DD' (SPEC.md §9: an appointment defaults to tomorrow). */
export function defaultAppointmentDay(now: DateInput): string {
  return toIsoDay(instantOf(addCalendarDays(wallTimeAt(toInstant(now)), 1)));
}
