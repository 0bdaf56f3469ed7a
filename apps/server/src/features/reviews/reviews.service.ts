import type { Kysely } from 'kysely';
import {
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_PAGE_SIZE,
  reviewSettings,
  type ReviewDoctor,
  type ReviewFilter,
  type ReviewListResponse,
  type ReviewSettings,
  type ReviewStatsResponse,
} from '@odonto/domain/contracts/reviews';
import { countLimit, pagedTotal } from '@odonto/domain/contracts/paging';
import { endOfDay, startOfDay } from '@odonto/domain/dates';
import {
  isLowRating,
  lastMonths,
  monthlyAverages,
  monthOf,
  monthRange,
  ratingStatsFromDistribution,
} from '@odonto/domain/reviews';
import type { Clock } from '../../app-types';
import type { Database } from '../../db/database';
import { toJsonText } from '../../db/json';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import {
  countByDoctorAndRating,
  countReviews,
  findRatingsInRange,
  findReviewDoctors,
  findReviewsPage,
  findSetting,
  saveSetting,
  type ReviewListFilter,
  type ReviewListRow,
} from './reviews.queries';

const collator = new Intl.Collator('ro', { sensitivity: 'base' });

/** The monthly chart covers at most this many months, so a wide period stays readable. */
const MAX_CHART_MONTHS = 36;
/** Without a start day, the chart shows the year up to the period's last month. */
const DEFAULT_CHART_MONTHS = 12;

const SETTINGS_KEY = 'reviews.collection';

/** The query's filters as the queries layer takes them: whole Bucharest days as instants. */
export function toListFilter(filter: ReviewFilter): ReviewListFilter {
  return {
    ...(filter.doctor !== undefined ? { doctorId: filter.doctor } : {}),
    ...(filter.rating === 'low' ? { maxRating: 2 } : {}),
    ...(filter.rating !== undefined && filter.rating !== 'low' ? { rating: Number(filter.rating) } : {}),
    ...(filter.from !== undefined ? { atFrom: startOfDay(filter.from).toISOString() } : {}),
    ...(filter.to !== undefined ? { atTo: endOfDay(filter.to).toISOString() } : {}),
  };
}

function toReview(row: ReviewListRow) {
  return {
    _id: row.id,
    rating: Number(row.rating),
    comment: row.comment,
    patientId: row.patient_id,
    patientName: `${row.patient_nume} ${row.patient_prenume}`,
    doctorId: row.doctor_id,
    medic: row.doctor_nume ?? row.medic,
    createdAt: row.created_at,
    appointmentId: row.appointment_id,
    isLow: isLowRating(Number(row.rating)),
  };
}

/**
 * GET /api/reviews: one page of the filtered reviews, newest first, with their total (exact up to 1,000,
 * then "more than": decision 0040).
 */
export async function listReviews(
  db: Kysely<Database>,
  filter: ReviewFilter,
  page: number,
): Promise<ReviewListResponse> {
  const listFilter = toListFilter(filter);
  const offset = (page - 1) * REVIEW_PAGE_SIZE;
  const limit = countLimit({ offset, limit: REVIEW_PAGE_SIZE });
  const [rows, counted] = await Promise.all([
    findReviewsPage(db, listFilter, offset, REVIEW_PAGE_SIZE),
    countReviews(db, listFilter, limit),
  ]);
  return { reviews: rows.map(toReview), ...pagedTotal(counted, limit), page, pageSize: REVIEW_PAGE_SIZE };
}

/** The months the chart shows for a period: from its first to its last month, at most 36. */
export function chartMonths(filter: ReviewFilter, now: Date): string[] {
  const last = monthOf(filter.to ?? now);
  if (filter.from === undefined) return lastMonths(startOfDay(`${last}-01`), DEFAULT_CHART_MONTHS);
  const months = monthRange(monthOf(filter.from), last);
  return months.slice(-MAX_CHART_MONTHS);
}

/** GET /api/reviews/stats: the filtered reviews overall, per doctor and per month. */
export async function reviewStats(
  db: Kysely<Database>,
  filter: ReviewFilter,
  now: Date,
): Promise<ReviewStatsResponse> {
  const listFilter = toListFilter(filter);
  const months = chartMonths(filter, now);
  const firstMonth = months[0] ?? monthOf(now);
  const chartFrom = startOfDay(`${firstMonth}-01`).toISOString();
  const [counts, doctors, ratings] = await Promise.all([
    countByDoctorAndRating(db, listFilter),
    findReviewDoctors(db),
    findRatingsInRange(db, {
      ...listFilter,
      atFrom:
        listFilter.atFrom !== undefined && listFilter.atFrom > chartFrom ? listFilter.atFrom : chartFrom,
    }),
  ]);

  const names = new Map(doctors.map((doctor) => [doctor.id, doctor.nume]));
  const overall = [0, 0, 0, 0, 0];
  const byDoctor = new Map<string, number[]>();
  for (const { doctor_id: doctorId, rating, count } of counts) {
    const distribution = byDoctor.get(doctorId) ?? [0, 0, 0, 0, 0];
    distribution[rating - 1] = (distribution[rating - 1] ?? 0) + count;
    overall[rating - 1] = (overall[rating - 1] ?? 0) + count;
    byDoctor.set(doctorId, distribution);
  }
  return {
    overall: ratingStatsFromDistribution(overall),
    doctors: [...byDoctor.entries()]
      .map(([doctorId, distribution]) => ({
        doctorId,
        medic: names.get(doctorId) ?? '',
        ...ratingStatsFromDistribution(distribution),
      }))
      .sort((a, b) => collator.compare(a.medic, b.medic) || a.doctorId.localeCompare(b.doctorId)),
    monthly: monthlyAverages(
      ratings.map((row) => ({ createdAt: row.created_at, rating: row.rating })),
      months,
    ),
  };
}

/** GET /api/reviews/doctors: the doctors who have reviews, by name. */
export async function reviewDoctors(db: Kysely<Database>): Promise<ReviewDoctor[]> {
  const doctors = await findReviewDoctors(db);
  return doctors.sort((a, b) => collator.compare(a.nume, b.nume) || a.id.localeCompare(b.id));
}

/** The collection setting; the default (off, SMS) until an admin saves one. */
export async function readReviewSettings(db: Kysely<Database>): Promise<ReviewSettings> {
  const text = await findSetting(db, SETTINGS_KEY);
  if (text === undefined) return DEFAULT_REVIEW_SETTINGS;
  try {
    const parsed = reviewSettings.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_REVIEW_SETTINGS;
  } catch {
    return DEFAULT_REVIEW_SETTINGS;
  }
}

/** PUT /api/reviews/settings: saved and audited in one transaction. */
export async function saveReviewSettings(
  deps: { db: Kysely<Database>; now: Clock },
  actor: AuditActor,
  settings: ReviewSettings,
): Promise<ReviewSettings> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await saveSetting(trx, SETTINGS_KEY, toJsonText(settings), now.toISOString());
    await writeAudit(trx, now, actor, {
      action: 'review_settings',
      entity: 'settings',
      entityId: SETTINGS_KEY,
      details: { autoRequest: settings.autoRequest, channel: settings.channel },
    });
  });
  return settings;
}
