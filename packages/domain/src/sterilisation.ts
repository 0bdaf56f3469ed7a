/**
 * Rules of the sterilisation register (issue 6): when a sterilised pouch may be used, its use-by date, the
 * state of a load, and the daily autoclave test warning. Pure: every rule takes `now`.
 */
import { addCalendarDays, instantOf, toInstant, wallTimeAt } from './clinic-time';
import { toIsoDay } from './dates';
import { normalizeSearchText } from './text';

/** How an instrument is packed for the autoclave; each kind has its own shelf life. */
export const PACKAGING_TYPES = ['punga', 'container', 'neambalat'] as const;
export type PackagingType = (typeof PACKAGING_TYPES)[number];

export const PACKAGING_LABELS: Record<PackagingType, string> = {
  punga: 'Pungă',
  container: 'Container',
  neambalat: 'Neambalat',
};

export const INTEGRATOR_RESULTS = ['pass', 'fail'] as const;
export type IntegratorResult = (typeof INTEGRATOR_RESULTS)[number];

/** 'none' when the load had no biological indicator; 'pending' until the incubation is read. */
export const BIOLOGICAL_RESULTS = ['none', 'pending', 'pass', 'fail'] as const;
export type BiologicalResult = (typeof BIOLOGICAL_RESULTS)[number];

export const RESULT_LABELS: Record<BiologicalResult, string> = {
  none: 'Fără',
  pending: 'În așteptare',
  pass: 'Conform',
  fail: 'Neconform',
};

export const DAILY_TEST_KINDS = ['Bowie-Dick', 'Helix'] as const;
export type DailyTestKind = (typeof DAILY_TEST_KINDS)[number];

/** A load's state: failed when an indicator failed; waiting while the biological one is incubating. */
export type LoadStatus = 'conform' | 'bi-in-asteptare' | 'neconform';

export const LOAD_STATUS_LABELS: Record<LoadStatus, string> = {
  conform: 'Conform',
  'bi-in-asteptare': 'BI în așteptare',
  neconform: 'Neconform',
};

/** Why a pouch cannot be used; null when it can. */
export type UnavailableReason = 'load-failed' | 'expired' | 'used' | 'replaced' | 'deleted';

export const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  'load-failed': 'Șarja a fost respinsă (indicator neconform): instrumentul nu poate fi folosit.',
  expired: 'Termenul de valabilitate al sterilizării a expirat.',
  used: 'Instrumentul a fost deja folosit după această sterilizare.',
  replaced: 'Instrumentul a fost resterilizat: folosiți eticheta nouă.',
  deleted: 'Instrumentul a fost scos din registru.',
};

/** The load's state from its two indicator results. */
export function loadStatus(integrator: IntegratorResult, biological: BiologicalResult): LoadStatus {
  if (integrator === 'fail' || biological === 'fail') return 'neconform';
  if (biological === 'pending') return 'bi-in-asteptare';
  return 'conform';
}

/**
 * The use-by instant of a pouch sterilised at `sterilisedAt` with `shelfLifeDays` of shelf life: the end
 * (23:59:59.999, Bucharest) of the clinic day that many calendar days later; 0 days = the same day.
 */
export function useByDate(sterilisedAt: Date | string | number, shelfLifeDays: number): Date {
  if (!Number.isInteger(shelfLifeDays) || shelfLifeDays < 0) {
    throw new RangeError(`shelf life must be a whole number of days: ${shelfLifeDays}`);
  }
  const instant = toInstant(sterilisedAt);
  if (Number.isNaN(instant)) throw new RangeError(`Dată invalidă: ${String(sterilisedAt)}`);
  const day = { ...wallTimeAt(instant), hour: 0, minute: 0, second: 0, millisecond: 0 };
  return new Date(instantOf(addCalendarDays(day, shelfLifeDays + 1)) - 1);
}

export interface PouchState {
  integrator: IntegratorResult;
  biological: BiologicalResult;
  useBy: Date | string;
  usedAt: Date | string | null;
  /** A later cycle of the same instrument replaced this pouch. */
  replaced: boolean;
}

/** Why the pouch may not be offered for use at `now`, or null when it may (SPEC.md §2 instruments panel). */
export function unavailableReason(pouch: PouchState, now: Date | string | number): UnavailableReason | null {
  if (loadStatus(pouch.integrator, pouch.biological) === 'neconform') return 'load-failed';
  if (pouch.usedAt !== null) return 'used';
  if (pouch.replaced) return 'replaced';
  if (toInstant(now) > toInstant(pouch.useBy)) return 'expired';
  return null;
}

/**
 * A use needs recalling (the patient to be informed) when its load turned out failed: the biological
 * indicator read as failed after the instruments had already been used.
 */
export function isRecalledUse(integrator: IntegratorResult, biological: BiologicalResult): boolean {
  return loadStatus(integrator, biological) === 'neconform';
}

export interface DailyTestRecord {
  autoclave: string;
  day: string;
  result: IntegratorResult;
}

/**
 * The autoclaves serving a location of a clinic group: the ones placed there and the ones placed nowhere
 * (null location: every autoclave).
 */
export function autoclavesAtLocation(
  settings: { autoclaves: readonly string[]; autoclaveLocations: Readonly<Record<string, string>> },
  locationId: string | null | undefined,
): string[] {
  if (!locationId) return [...settings.autoclaves];
  return settings.autoclaves.filter((autoclave) => {
    const placed = settings.autoclaveLocations[autoclave];
    return placed === undefined || placed === locationId;
  });
}

/** The autoclaves with no passed daily test (Bowie-Dick / Helix) on the clinic day of `now`. */
export function autoclavesMissingDailyTest(
  autoclaves: readonly string[],
  tests: readonly DailyTestRecord[],
  now: Date | string | number,
): string[] {
  const today = toIsoDay(now);
  const passed = new Set(
    tests.filter((test) => test.day === today && test.result === 'pass').map((test) => test.autoclave),
  );
  return autoclaves.filter((autoclave) => !passed.has(autoclave));
}

/** Operator initials for a label: 'Ana-Maria Pop' → 'AMP'. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toLocaleUpperCase('ro'))
    .join('');
}

/** Instrument name prefix match (SPEC.md §9), case- and diacritic-insensitive. */
export function instrumentNameKey(name: string): string {
  return normalizeSearchText(name);
}
