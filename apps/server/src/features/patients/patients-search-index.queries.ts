import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DialectName } from '../../db/dialect';

/**
 * SQLite: merges the patients' search index (FTS5, migration 0002) into one segment. Every transaction that
 * writes a patient adds a small segment, and FTS5's own merging keeps a dozen or more of them (13 to 25
 * after 1,000 to 5,000 single writes at 100,000 patients); a search reads each segment, and a page read
 * newest first loads each segment's matches whole. One segment took a 6-letter search's page from 64–90 µs
 * to 22–25 µs (decision 0070). Merging rewrites the whole index (about 0.2 s at 100,000 patients, holding
 * the write lock) and costs nothing when it is already one segment. PostgreSQL's search tables are plain
 * tables: nothing to do.
 */
export async function mergeSearchIndex(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`insert into patients_search (patients_search) values ('optimize')`.execute(db);
}

/** SQLite: how many segments the patients' search index has now (search-index-upkeep.test.ts reads it). */
export async function searchIndexSegments(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ segments: number }>`
    select count(distinct segid) as segments from patients_search_idx`.execute(db);
  return Number(rows[0]?.segments ?? 0);
}
