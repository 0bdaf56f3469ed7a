import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface RateLimitCount {
  hits: number;
  windowEndsAt: number;
}

/**
 * Counts one hit for `key` in one statement, so instances counting the same client at once never lose a
 * hit: the first hit, or the first after the window ended, starts a new window of `windowMs`.
 */
export async function countRateLimitHit(
  db: Kysely<Database>,
  key: string,
  nowMs: number,
  windowMs: number,
): Promise<RateLimitCount> {
  const isOver = sql<boolean>`rate_limits.window_ends_at <= ${nowMs}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_ends_at: nowMs + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${isOver} then 1 else rate_limits.hits + 1 end`,
        window_ends_at: sql<number>`case when ${isOver} then ${nowMs + windowMs} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/** The count for `key` without counting a hit; none when its window has ended. */
export async function readRateLimit(
  db: Kysely<Database>,
  key: string,
  nowMs: number,
): Promise<RateLimitCount | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_ends_at'])
    .where('key', '=', key)
    .where('window_ends_at', '>', nowMs)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) } : null;
}

/** Forgets the counters whose window ended before `nowMs`. */
export async function deleteEndedRateLimits(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<=', nowMs).execute();
}
