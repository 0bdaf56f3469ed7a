import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../dialect';
import { trigramSchema } from './0002-patients';

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
      await createFollowTriggers(db, showTrigrams);
      await sql`analyze patients_search_trigrams`.execute(db);
    },
  };
}

// The trigrams a needle can be: three ASCII letters or digits (patient-search.ts's isOneTrigram).
const NEEDLE_TRIGRAM = sql`trigram ~ '^[a-z0-9]{3}$'`;

/**
 * Statement triggers over the transition tables: a bulk load's 500 keys change each trigram once. The
 * changes are applied in the trigrams' byte order, so two writers lock the rows they share in the same
 * order. `search_path from current`: the function finds the table in the schema the migration ran in.
 */
async function createFollowTriggers(db: Kysely<unknown>, showTrigrams: RawBuilder<unknown>): Promise<void> {
  const changes = (rows: 'new_keys' | 'old_keys', change: 1 | -1) =>
    sql`select trigram, ${sql.lit(change)} as change from ${sql.raw(rows)}, unnest(${showTrigrams}(${sql.raw(rows)}.search_key)) as trigram`;
  const apply = (changed: RawBuilder<unknown>) => sql`
    insert into patients_search_trigrams (trigram, total)
    select trigram, sum(change) from (${changed}) as changes
    where ${NEEDLE_TRIGRAM}
    group by trigram having sum(change) <> 0 order by trigram collate "C"
    on conflict (trigram) do update set total = patients_search_trigrams.total + excluded.total;`;
  await sql`
    create function patients_search_trigrams_follow() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(changes('new_keys', 1))}
      elsif tg_op = 'DELETE' then
        ${apply(changes('old_keys', -1))}
      else
        ${apply(sql`${changes('new_keys', 1)} union all ${changes('old_keys', -1)}`)}
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', sql`new table as new_keys`],
    ['update', sql`old table as old_keys new table as new_keys`],
    ['delete', sql`old table as old_keys`],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`patients_search_trigrams_${event}`)} after ${sql.raw(event)} on patients_search
      referencing ${tables} for each statement execute function patients_search_trigrams_follow()`.execute(
      db,
    );
  }
}
