/**
 * Patient reviews: the statistics of the reviews screen and the rules of collecting them (issue 7).
 * Pure functions: the caller passes `now`, nothing here reads a clock.
 */
import { toInstant, wallTimeAt } from './clinic-time';

/** A rating is a whole number of stars. */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** A review request's link works this many days after it was sent, for one review. */
export const REVIEW_TOKEN_TTL_DAYS = 14;

/**
 * Automatic requests go out this long after an appointment ended (the patient is home, not in the chair)
 * and only for appointments that ended within the window: turning the setting on must not message
 * every patient the clinic has seen in years.
 */
export const AUTO_REQUEST_DELAY_MINUTES = 120;
export const AUTO_REQUEST_WINDOW_DAYS = 3;

const DAY_MS = 86_400_000;

/** Ratings of 1 or 2 stars are flagged on the reviews screen for follow-up. */
export function isLowRating(rating: number): boolean {
  return rating <= 2;
}

export interface RatingStats {
  /** Rounded to two decimals; null when there is no review. */
  average: number | null;
  count: number;
  /** How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: [number, number, number, number, number];
}

/** Average, count and distribution of a list of ratings (values outside 1–5 are ignored). */
export function ratingStats(ratings: readonly number[]): RatingStats {
  const distribution: RatingStats['distribution'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const rating of ratings) {
    if (!Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) continue;
    distribution[rating - 1] = (distribution[rating - 1] ?? 0) + 1;
    sum += rating;
    count += 1;
  }
  return { average: count === 0 ? null : roundAverage(sum / count), count, distribution };
}

/** The same statistics from counts per star (index 0 is one star), as a database groups them. */
export function ratingStatsFromDistribution(counts: readonly number[]): RatingStats {
  const distribution: RatingStats['distribution'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const [index, value] of counts.slice(0, MAX_RATING).entries()) {
    const times = Math.max(0, Math.trunc(value));
    distribution[index] = times;
    sum += (index + 1) * times;
    count += times;
  }
  return { average: count === 0 ? null : roundAverage(sum / count), count, distribution };
}

function roundAverage(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface DoctorRatingStats extends RatingStats {
  doctorId: string;
  medic: string;
}

/** The statistics per doctor (by account), in Romanian order of their names. */
export function statsByDoctor(
  reviews: readonly { doctorId: string; medic: string; rating: number }[],
): DoctorRatingStats[] {
  const byDoctor = new Map<string, { medic: string; ratings: number[] }>();
  for (const review of reviews) {
    const doctor = byDoctor.get(review.doctorId) ?? { medic: review.medic, ratings: [] };
    doctor.ratings.push(review.rating);
    byDoctor.set(review.doctorId, doctor);
  }
  return [...byDoctor.entries()]
    .map(([doctorId, { medic, ratings }]) => ({ doctorId, medic, ...ratingStats(ratings) }))
    .sort((a, b) => a.medic.localeCompare(b.medic, 'ro') || a.doctorId.localeCompare(b.doctorId));
}

/** The clinic's calendar month of an instant, 'YYYY-MM' (Bucharest time); '' when not a date. */
export function monthOf(at: string | Date): string {
  const instant = toInstant(at);
  if (Number.isNaN(instant)) return '';
  const wall = wallTimeAt(instant);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}`;
}

/** Every month from `from` to `to` inclusive ('YYYY-MM'); empty when `to` is before `from`. */
export function monthRange(from: string, to: string): string[] {
  const parse = (month: string) => {
    const [year, number] = month.split('-').map(Number);
    return (year ?? 0) * 12 + (number ?? 1) - 1;
  };
  const months: string[] = [];
  for (let index = parse(from); index <= parse(to); index++) {
    const year = Math.floor(index / 12);
    months.push(`${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** The `count` months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const current = monthOf(now);
  const [year, month] = current.split('-').map(Number);
  const start = (year ?? 0) * 12 + (month ?? 1) - 1 - (count - 1);
  const from = `${String(Math.floor(start / 12)).padStart(4, '0')}-${String((start % 12) + 1).padStart(2, '0')}`;
  return monthRange(from, current);
}

export interface MonthlyAverage {
  /** 'YYYY-MM'. */
  month: string;
  /** Null for a month without reviews (the chart leaves a gap rather than drawing a zero). */
  average: number | null;
  count: number;
}

/** The average rating of each of the months, in the given order; reviews of other months are left out. */
export function monthlyAverages(
  reviews: readonly { createdAt: string; rating: number }[],
  months: readonly string[],
): MonthlyAverage[] {
  const byMonth = new Map<string, number[]>(months.map((month) => [month, []]));
  for (const review of reviews) byMonth.get(monthOf(review.createdAt))?.push(review.rating);
  return months.map((month) => {
    const { average, count } = ratingStats(byMonth.get(month) ?? []);
    return { month, average, count };
  });
}

/** When a link sent at `sentAt` stops working. */
export function reviewTokenExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REVIEW_TOKEN_TTL_DAYS * DAY_MS);
}

export type ReviewTokenState = 'open' | 'used' | 'expired';

/** A link is used once a review was given with it, expired from its expiry instant on. */
export function reviewTokenState(
  token: { expiresAt: string; usedAt: string | null },
  now: Date,
): ReviewTokenState {
  if (token.usedAt !== null) return 'used';
  return toInstant(token.expiresAt) <= now.getTime() ? 'expired' : 'open';
}

export type ReviewChannel = 'sms' | 'email';

/** Why a review request cannot be sent for an appointment. */
export type IneligibleReason =
  'appointment_not_found' | 'not_past' | 'patient_blocked' | 'already_requested' | 'no_phone' | 'no_email';

export interface RequestCandidate {
  /** When the appointment ends (ISO). */
  endsAt: string;
  patientBlocked: boolean;
  /** The patient or the appointment was deleted. */
  isDeleted: boolean;
  alreadyRequested: boolean;
  telefon: string;
  email: string;
}

/**
 * Whether the clinic may ask the patient for a review of this appointment by this channel: its time has
 * passed, the patient is not blocked, no request was sent for it before, and the patient can be reached.
 */
export function requestIneligibility(
  candidate: RequestCandidate,
  channel: ReviewChannel,
  now: Date,
): IneligibleReason | null {
  if (candidate.isDeleted) return 'appointment_not_found';
  const endsAt = toInstant(candidate.endsAt);
  if (Number.isNaN(endsAt) || endsAt > now.getTime()) return 'not_past';
  if (candidate.patientBlocked) return 'patient_blocked';
  if (candidate.alreadyRequested) return 'already_requested';
  if (channel === 'sms' && candidate.telefon.trim() === '') return 'no_phone';
  if (channel === 'email' && candidate.email.trim() === '') return 'no_email';
  return null;
}

/** Whether an appointment that ended at `endsAt` is due for an automatic request at `now`. */
export function isDueForAutoRequest(endsAt: string, now: Date): boolean {
  const end = toInstant(endsAt);
  if (Number.isNaN(end)) return false;
  const age = now.getTime() - end;
  return age >= AUTO_REQUEST_DELAY_MINUTES * 60_000 && age <= AUTO_REQUEST_WINDOW_DAYS * DAY_MS;
}

/**
 * The channel of an automatic request: the preferred one when the patient can be reached by it,
 * otherwise the other, or null when the patient has neither phone nor email.
 */
export function autoRequestChannel(
  preferred: ReviewChannel,
  contact: { telefon: string; email: string },
): ReviewChannel | null {
  const reachable = (channel: ReviewChannel) =>
    (channel === 'sms' ? contact.telefon : contact.email).trim() !== '';
  if (reachable(preferred)) return preferred;
  const other: ReviewChannel = preferred === 'sms' ? 'email' : 'sms';
  return reachable(other) ? other : null;
}

/**
 * The first name the public page greets the patient with: the first word of `prenume` ('Ana Maria' →
 * 'Ana'; 'Ana-Maria' is one name). The page shows no more of the patient than that.
 */
export function greetingName(prenume: string): string {
  return prenume.trim().split(/\s+/)[0] ?? '';
}
