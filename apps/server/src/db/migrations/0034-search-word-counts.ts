import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * PostgreSQL tells at once that a longer search finds more patients than the list counts (issue 14,
 * decision 0055). A search's total is exact up to 1,000; past that the list says "1.000+". The trigram index
 * answers a needle of four or more letters only with a bitmap of every key that holds all its trigrams:
 * `popesc` at a million patients is 20,341 keys, about 9 ms, before the first 1,001 are counted.
 * `patients_search_words` holds, for each word of four or more letters in the search keys, how many keys
 * hold it. Every key that holds a word that starts with the needle holds the needle, so the largest such
 * number is a lower bound of the search's total: when it reaches the list's limit, that is the answer.
 * Statement triggers on the search table keep it, as 0033's keep the counts per trigram. SQLite: nothing to
 * do (its FTS5 index stops counting at the limit).
 */
export function searchWordCounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // Collation "C": a prefix `like 'popesc%'` is then a range of the primary key.
      await sql`
        create table patients_search_words (word text collate "C" primary key, total integer not null)`.execute(
        db,
      );
      await sql`
        insert into patients_search_words (word, total)
        select word, count(*) from patients_search, lateral (${wordsOf(sql`patients_search.search_key`)}) as words
        group by word`.execute(db);
      await createFollowTriggers(db);
      await sql`analyze patients_search_words`.execute(db);
    },
  };
}

/**
 * The distinct words of a key that a needle of four or more letters can start: runs of four or more ASCII
 * letters (a key's names are normalised, patient-search.ts). Each is counted once a key, though the key
 * holds each name twice.
 */
function wordsOf(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select distinct word from regexp_split_to_table(${key}, '[^a-z]+') as word where length(word) >= 4`;
}

/**
 * Statement triggers over the transition tables, with the changes applied in the words' byte order, so two
 * writers lock the rows they share in the same order (as 0033's). `search_path from current`: the function
 * finds the table in the schema the migration ran in.
 */
async function createFollowTriggers(db: Kysely<unknown>): Promise<void> {
  const changes = (rows: 'new_keys' | 'old_keys', change: 1 | -1) =>
    sql`select word, ${sql.lit(change)} as change from ${sql.raw(rows)}, lateral (${wordsOf(sql.raw(`${rows}.search_key`))}) as words`;
  const apply = (changed: RawBuilder<unknown>) => sql`
    insert into patients_search_words (word, total)
    select word, sum(change) from (${changed}) as changes
    group by word having sum(change) <> 0 order by word
    on conflict (word) do update set total = patients_search_words.total + excluded.total;`;
  await sql`
    create function patients_search_words_follow() returns trigger language plpgsql
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
      create trigger ${sql.raw(`patients_search_words_${event}`)} after ${sql.raw(event)} on patients_search
      referencing ${tables} for each statement execute function patients_search_words_follow()`.execute(db);
  }
}
