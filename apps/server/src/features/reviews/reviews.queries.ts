import type { Kysely } from 'kysely';
import { countUpTo } from '../../db/capped-count.queries';
import type { Database, NewReviewRow, ReviewRow } from '../../db/database';

/** What the reviews list and its statistics are restricted by; times are ISO instants. */
export interface ReviewListFilter {
  doctorId?: string;
  /** Exact stars, or every rating up to `maxRating` (the low scores). */
  rating?: number;
  maxRating?: number;
  atFrom?: string;
  atTo?: string;
}

/** A review with its patient's name and the doctor's current name (when the account still exists). */
export interface ReviewListRow extends ReviewRow {
  patient_nume: string;
  patient_prenume: string;
  doctor_nume: string | null;
}

function filtered(db: Kysely<Database>, filter: ReviewListFilter) {
  let query = db.selectFrom('reviews');
  if (filter.doctorId !== undefined) query = query.where('reviews.doctor_id', '=', filter.doctorId);
  if (filter.rating !== undefined) query = query.where('reviews.rating', '=', filter.rating);
  if (filter.maxRating !== undefined) query = query.where('reviews.rating', '<=', filter.maxRating);
  if (filter.atFrom !== undefined) query = query.where('reviews.created_at', '>=', filter.atFrom);
  if (filter.atTo !== undefined) query = query.where('reviews.created_at', '<=', filter.atTo);
  return query;
}

/** One page of reviews, newest first. */
export async function findReviewsPage(
  db: Kysely<Database>,
  filter: ReviewListFilter,
  offset: number,
  limit: number,
): Promise<ReviewListRow[]> {
  return filtered(db, filter)
    .innerJoin('patients', 'patients.id', 'reviews.patient_id')
    .leftJoin('users', 'users.id', 'reviews.doctor_id')
    .selectAll('reviews')
    .select([
      'patients.nume as patient_nume',
      'patients.prenume as patient_prenume',
      'users.nume as doctor_nume',
    ])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** How many reviews the filter matches, up to `limit` (countLimit in contracts/paging.ts). */
export async function countReviews(
  db: Kysely<Database>,
  filter: ReviewListFilter,
  limit: number,
): Promise<number> {
  return countUpTo(db, filtered(db, filter), limit);
}

/** How many filtered reviews each doctor has per number of stars. */
export async function countByDoctorAndRating(
  db: Kysely<Database>,
  filter: ReviewListFilter,
): Promise<{ doctor_id: string; rating: number; count: number }[]> {
  const rows = await filtered(db, filter)
    .select(['reviews.doctor_id', 'reviews.rating'])
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .groupBy(['reviews.doctor_id', 'reviews.rating'])
    .execute();
  return rows.map((row) => ({
    doctor_id: row.doctor_id,
    rating: Number(row.rating),
    count: Number(row.count),
  }));
}

/** Every doctor with reviews: their current name, or the latest name a review recorded. */
export async function findReviewDoctors(db: Kysely<Database>): Promise<{ id: string; nume: string }[]> {
  const rows = await db
    .selectFrom('reviews')
    .leftJoin('users', 'users.id', 'reviews.doctor_id')
    .select(['reviews.doctor_id'])
    .select((eb) => [eb.fn.max('users.nume').as('current'), eb.fn.max('reviews.medic').as('recorded')])
    .groupBy('reviews.doctor_id')
    .execute();
  return rows.map((row) => ({ id: row.doctor_id, nume: row.current ?? row.recorded }));
}

/** Rating and time of the filtered reviews within [atFrom, atTo], for the monthly averages. */
export async function findRatingsInRange(
  db: Kysely<Database>,
  filter: ReviewListFilter,
): Promise<{ created_at: string; rating: number }[]> {
  const rows = await filtered(db, filter).select(['reviews.created_at', 'reviews.rating']).execute();
  return rows.map((row) => ({ created_at: row.created_at, rating: Number(row.rating) }));
}

export async function insertReview(db: Kysely<Database>, row: NewReviewRow): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}

/** The clinic's setting stored under `key` (JSON text), if any. */
export async function findSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function saveSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}
