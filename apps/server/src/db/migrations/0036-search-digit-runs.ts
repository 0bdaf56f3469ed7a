import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../dialect';
import { createSearchTableTriggers } from './search-count-triggers';

/**
 * PostgreSQL lists a search of six or more digits, a phone fragment or a whole phone, newest first in the
 * time of its page, at any size (issue 14, decision 0059). The trigram index returns a needle's keys in no order, so a needle
 * too rare for the newest keys (decision 0054) had all its matches collected and sorted: `075593`, 833 keys
 * at a million patients, 6 ms, ten times what it took at 100,000. SQLite's FTS5 index walks its keys in
 * file-number order itself, and needs nothing here.
 *
 * `patients_search_runs` holds each key's runs of six digits (its phone's, the only digits of a key:
 * patient-search.ts), each once per key, with the key's file number: its primary key `(run, rowid)` walks the
 * keys holding a run newest first. A needle of six or more digits lies in every key that holds it, so the
 * page walks the needle's rarest run (0035's counts tell which) and tests each key with the needle itself.
 * Statement triggers on the search table keep it, as they keep 0033–0035's counts.
 */
export function searchDigitRuns(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // Filled before its primary key is built: one sort, not a million index insertions.
      await sql`create table patients_search_runs (run text collate "C" not null, rowid integer not null)`.execute(
        db,
      );
      await sql`
        insert into patients_search_runs (run, rowid)
        select runs.run, patients_search.rowid
        from patients_search, lateral (${runsOf(sql`patients_search.search_key`)}) as runs`.execute(db);
      await sql`alter table patients_search_runs add primary key (run, rowid)`.execute(db);
      await createRunTriggers(db);
      await sql`analyze patients_search_runs`.execute(db);
    },
  };
}

/** The distinct runs of six digits inside the key's phone (patient-search.ts's DIGIT_RUN_LENGTH). */
function runsOf(key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select distinct substr(phone, start, 6) as run
    from substring(${key} from '[0-9]*$') as phone, generate_series(1, length(phone) - 5) as start`;
}

/**
 * The old keys' runs go, the new keys' come, by the primary key. `search_path from current`: the function
 * finds the table in the schema the migration ran in.
 */
async function createRunTriggers(db: Kysely<unknown>): Promise<void> {
  const runsOfRows = (rows: 'new_keys' | 'old_keys') =>
    sql`select runs.run, ${sql.raw(rows)}.rowid from ${sql.raw(rows)}, lateral (${runsOf(sql.raw(`${rows}.search_key`))}) as runs`;
  const removeOld = sql`
    delete from patients_search_runs using (${runsOfRows('old_keys')}) as old_runs
    where patients_search_runs.run = old_runs.run and patients_search_runs.rowid = old_runs.rowid;`;
  const addNew = sql`
    insert into patients_search_runs (run, rowid) ${runsOfRows('new_keys')} order by 1, 2;`;
  await sql`
    create function patients_search_runs_follow() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        ${addNew}
      elsif tg_op = 'DELETE' then
        ${removeOld}
      else
        ${removeOld}
        ${addNew}
      end if;
      return null;
    end $$`.execute(db);
  await createSearchTableTriggers(db, 'patients_search_runs');
}
