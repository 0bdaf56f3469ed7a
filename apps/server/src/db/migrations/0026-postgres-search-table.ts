import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';
import { trigramSchema } from './0002-patients';

/**
 * PostgreSQL gets what SQLite has had since 0002: a narrow search table beside the patients (decision
 * 0044). `patients_search` holds the search key of each patient not deleted, keyed by the file number
 * (the list's order; the column is named `rowid` as on SQLite, so the list queries are one code path).
 * A search then reads rows of about 60 bytes, not the patients' wide ones: a page of a common 3-letter
 * search walks the key's index newest first and stops at the tenth match, a rare one collects its few
 * matches through the trigram index and sorts them. The GIN index on `patients.search_key` that served the
 * search so far goes: nothing reads it now (a search among deleted patients reads those few rows).
 * SQLite: nothing to do.
 */
export function postgresSearchTable(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create table patients_search (rowid integer primary key, search_key text not null)`.execute(db);
      await sql`
        insert into patients_search (rowid, search_key)
        select file_number, search_key from patients where deleted_at is null`.execute(db);
      await createFollowTriggers(db);
      await sql`drop index patients_search_key_trgm`.execute(db);
      // The extension exists since 0002; its operator class is named with the schema it lives in.
      // A short pending list: GIN gathers new keys in a list that every search reads whole, merged into
      // the index by a vacuum (never, with autovacuum off) or once it passes its limit, 4 MB by default.
      // Up to 4 MB of it made a rare name's search cost the planner more than reading the table; 256 kB
      // keeps that small, and bulk loads nearly as fast (20,000 patients: 1.8 s; without a pending list
      // at all, 7.5 s).
      const schema = await trigramSchema(db);
      if (!schema) throw new Error('PostgreSQL: the pg_trgm extension of migration 0002 is missing.');
      await sql`
        create index patients_search_trgm on patients_search
        using gin (search_key ${sql.id(schema, 'gin_trgm_ops')}) with (gin_pending_list_limit = 256)`.execute(
        db,
      );
      // `like '%pop%'` is estimated from the column's histogram: a larger one tells a needle that 1 patient
      // in 20 has from one that 1 in 10,000 has, and the planner walks or collects accordingly.
      await sql`alter table patients_search alter column search_key set statistics 1000`.execute(db);
      await sql`analyze patients_search`.execute(db);
    },
  };
}

/**
 * Statement triggers over the transition tables, like the counts' of 0002: a bulk insert of 10,000 patients
 * copies their keys in one statement. An update moves only the patients whose key, file number or
 * deleted state changed (the old and new rows paired by id): a deletion takes the key out, a restore
 * puts it back. `search_path from current`: the function finds the table in the schema the migration ran in.
 */
async function createFollowTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = sql`
    old_rows join new_rows on new_rows.id = old_rows.id
    where (old_rows.search_key, old_rows.file_number, old_rows.deleted_at is null)
      is distinct from (new_rows.search_key, new_rows.file_number, new_rows.deleted_at is null)`;
  await sql`
    create function patients_search_follow() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        insert into patients_search (rowid, search_key)
        select file_number, search_key from new_rows where deleted_at is null;
      elsif tg_op = 'DELETE' then
        delete from patients_search
        where rowid in (select file_number from old_rows where deleted_at is null);
      else
        delete from patients_search
        where rowid in (select old_rows.file_number from ${changed} and old_rows.deleted_at is null);
        insert into patients_search (rowid, search_key)
        select new_rows.file_number, new_rows.search_key from ${changed} and new_rows.deleted_at is null;
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', sql`new table as new_rows`],
    ['update', sql`old table as old_rows new table as new_rows`],
    ['delete', sql`old table as old_rows`],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`patients_search_${event}`)} after ${sql.raw(event)} on patients
      referencing ${tables} for each statement execute function patients_search_follow()`.execute(db);
  }
}
