import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/** The equality filters whose own index (migration 0002) a list filtered by them alone walks. */
const OWN_INDEX_COLUMNS = ['judet_norm', 'oras_norm', 'tara_norm', 'medic_norm'] as const;

/**
 * PostgreSQL: a list filtered by one county, town, country or doctor and by `igienizare` (decision 0074).
 * One partial index per column over the live patients flagged for a cleaning, the column then the file
 * number (the creation time beside, as in the column's own index): the page is the index's first entries
 * for the value, whatever the value, so the list's statement is named and one generic plan serves every
 * value. Without it the best plan depended on the value (a rare doctor's own index, or the flagged
 * patients' for a common one), so PostgreSQL planned every run. SQLite plans every statement with its
 * values and has no statistics to weigh the two indexes (it takes `patients_live_igienizare`, as before):
 * nothing here.
 */
export function patientsFlaggedIndexes(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const column of OWN_INDEX_COLUMNS) {
        await db.schema
          .createIndex(`patients_live_${column}_igienizare`)
          .on('patients')
          .columns([column, 'file_number', 'created_at'])
          .where(sql<boolean>`deleted_at is null and igienizare = 1`)
          .execute();
      }
    },
  };
}
