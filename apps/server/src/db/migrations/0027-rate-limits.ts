import type { Kysely, Migration } from 'kysely';

/**
 * The rate limiter's counters in the database (issue 14, decision 0049): on PostgreSQL every instance of a
 * clinic group counts a client's sign-in attempts in the same row, so N instances behind a load balancer
 * allow what one does, not N times as much. One row per route and client; `window_ends_at` in epoch ms.
 */
export function rateLimits(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limits_window_ends_at')
        .on('rate_limits')
        .column('window_ends_at')
        .execute();
    },
  };
}
