import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from './database';

/**
 * How many rows `matches` (a list's from, joins and where; its selection is replaced) has, counted up to
 * `limit` (countLimit in contracts/paging.ts): `count(*)` over `select 1 … limit n`, on both databases, so
 * a broad filter stops counting at the limit instead of reading every match (decision 0040).
 */
export function cappedCountQuery<DB, TB extends keyof DB, O>(
  matches: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): RawBuilder<{ total: number | string | bigint }> {
  const ones = matches.clearSelect().select(sql.lit(1).as('one')).limit(limit);
  return sql<{ total: number | string | bigint }>`select count(*) as total from ${ones} as matches`;
}

/** Runs cappedCountQuery: the number of matches, at most `limit`. */
export async function countUpTo<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  matches: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): Promise<number> {
  const { rows } = await cappedCountQuery(matches, limit).execute(db);
  return Math.min(Number(rows[0]?.total ?? 0), limit);
}
