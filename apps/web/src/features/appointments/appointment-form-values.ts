import { defaultAppointmentDay, SLOT_MINUTES } from '@odonto/domain/appointments';
import type { Appointment, AppointmentInput } from '@odonto/domain/contracts/appointments';

/** What the modal may be opened with besides an appointment: a slot picked in the calendar. */
export interface AppointmentDefaults {
  createdAt?: string;
  deLa?: { ora: number; minute: number };
  panaLa?: { ora: number; minute: number };
  medicId?: string;
  /** The calendar's location and chair column (issue 14). */
  sediuId?: string;
  cabinetId?: string | null;
}

/** The hours a clinic day offers in the form (the whole day: emergencies happen). */
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: String(hour).padStart(2, '0'),
}));

/** Minutes in steps of 5; a stored odd minute (another client) is added so it still shows. */
export function minuteOptions(current?: number) {
  const minutes = Array.from({ length: 12 }, (_, index) => index * 5);
  if (current !== undefined && !minutes.includes(current)) minutes.push(current);
  return minutes
    .sort((a, b) => a - b)
    .map((minute) => ({ value: String(minute), label: String(minute).padStart(2, '0') }));
}

/**
 * The form's starting values: the appointment's own, or SPEC.md §9's defaults (tomorrow, SMS on), 09:00
 * for 30 minutes, the slot picked in the calendar and the signed-in doctor.
 */
export function appointmentFormValues(
  appointment: Appointment | null,
  defaults: AppointmentDefaults,
  now: Date,
): AppointmentInput {
  if (appointment) {
    return {
      createdAt: appointment.createdAt,
      trimite_sms: appointment.trimite_sms,
      deLa: appointment.deLa,
      panaLa: appointment.panaLa,
      medicId: appointment.medicId,
      nota: appointment.nota,
      ...(appointment.locationId ? { sediuId: appointment.locationId } : {}),
      cabinetId: appointment.chairId,
    };
  }
  const deLa = defaults.deLa ?? { ora: 9, minute: 0 };
  return {
    createdAt: defaults.createdAt ?? defaultAppointmentDay(now),
    trimite_sms: true,
    deLa,
    panaLa: defaults.panaLa ?? addMinutes(deLa, 2 * SLOT_MINUTES),
    medicId: defaults.medicId ?? '',
    nota: '',
    ...(defaults.sediuId ? { sediuId: defaults.sediuId } : {}),
    cabinetId: defaults.cabinetId ?? null,
  };
}

/** The time `minutes` later on the same day (kept at 23:59 at the latest). */
export function addMinutes(time: { ora: number; minute: number }, minutes: number) {
  const total = Math.min(time.ora * 60 + time.minute + minutes, 23 * 60 + 59);
  return { ora: Math.floor(total / 60), minute: total % 60 };
}
