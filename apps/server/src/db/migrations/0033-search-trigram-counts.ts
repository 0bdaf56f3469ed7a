import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';
import { trigramSchema } from './0002-patients';
import { createSearchCountTriggers } from './search-count-triggers';

/**
 * PostgreSQL counts a 3-character search from a table, not from the trigram index (issue 14, decision
 * 0053). A needle of three letters or digits is one pg_trgm trigram, and a key holds it as a substring
 * exactly when its trigrams (`show_trgm`) include it: letters and digits never span two of pg_trgm's words.
 * So the number of search-table rows holding each such trigram is the number of patients a 3-character
 * search finds. Counting them through the index read the whole posting list of a common needle into a
 * bitmap (15,748 for `ana` at 100,000 patients) before the first 1,001 were counted: about 1 ms of the
 * database's CPU a search, the largest part of one. `patients_search_trigrams` holds the number per trigram
 * of letters and digits (the others are never a needle); statement triggers on the search table keep it,
 * as 0002's keep the counts per filter combination. SQLite: nothing to do (its FTS5 index counts).
 */
export function searchTrigramCounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const schema = await trigramSchema(db);
      if (!schema) throw new Error('PostgreSQL: the pg_trgm extension of migration 0002 is missing.');
      const showTrigrams = sql.id(schema, 'show_trgm');
      await sql`
        create table patients_search_trigrams (trigram text primary key, total integer not null)`.execute(db);
      await sql`
        insert into patients_search_trigrams (trigram, total)
        select trigram, count(*) from patients_search, unnest(${showTrigrams}(search_key)) as trigram
        where ${NEEDLE_TRIGRAM} group by trigram`.execute(db);
      await createSearchCountTriggers(db, {
        table: 'patients_search_trigrams',
        item: 'trigram',
        itemsOf: (key) => sql`unnest(${showTrigrams}(${key})) as trigram`,
        kept: NEEDLE_TRIGRAM,
      });
      await sql`analyze patients_search_trigrams`.execute(db);
    },
  };
}

// The trigrams a needle can be: three ASCII letters or digits (patient-search.ts's isOneTrigram).
const NEEDLE_TRIGRAM = sql`trigram ~ '^[a-z0-9]{3}$'`;
