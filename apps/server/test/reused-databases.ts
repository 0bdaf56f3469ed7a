import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/database';

/**
 * PostgreSQL test databases used again (issue 14's suite on two cores): creating a test's copy of the
 * template and dropping it took the server about 150 ms of CPU per test, most of it the checkpoint every
 * `drop database` forces. A database whose schema no test changed is emptied instead, in a few
 * milliseconds, and is the worker's next test's; one whose schema a test changed (a trigger that makes a
 * write fail, a restore) is dropped as before.
 */

/** What a database starts as: its schema's fingerprint, and the rows the migrations put in its tables. */
export interface TemplateState {
  fingerprint: string;
  /** Each table the migrations filled, with its rows as `json_agg` gives them. */
  rows: { table: string; json: string }[];
}

/**
 * One hash of what a test may change in a database's schema: its relations and their options, columns,
 * constraints, defaults, triggers, functions, types, schemas, extensions, rules, policies, event
 * triggers, settings and large objects. Objects keep their oids in a template's copy, and any new one gets
 * a new oid, so an object dropped and made again changes it too. Emptying a table (a new file) does not.
 */
const SCHEMA_FINGERPRINT = sql<{ fingerprint: string }>`
  select md5(string_agg(item, ';' order by item)) as fingerprint from (
    select concat_ws(' ', 'relation', oid, relname, relkind, relnamespace, reloptions) as item from pg_class
      where relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace,
        'pg_toast'::regnamespace)
    union all
    select concat_ws(' ', 'column', a.attrelid, a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull,
        a.atthasdef, a.attisdropped, a.attstattarget)
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0
    union all select concat_ws(' ', 'constraint', oid) from pg_constraint
    union all select concat_ws(' ', 'default', oid) from pg_attrdef
    union all select concat_ws(' ', 'trigger', oid, tgenabled) from pg_trigger
    union all select concat_ws(' ', 'function', oid) from pg_proc
      where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select concat_ws(' ', 'type', oid) from pg_type
      where typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select concat_ws(' ', 'schema', oid) from pg_namespace
    union all select concat_ws(' ', 'extension', oid, extversion) from pg_extension
    union all select concat_ws(' ', 'rule', oid) from pg_rewrite
    union all select concat_ws(' ', 'policy', oid) from pg_policy
    union all select concat_ws(' ', 'event trigger', oid) from pg_event_trigger
    union all select concat_ws(' ', 'setting', setdatabase, setrole, setconfig) from pg_db_role_setting
      where setdatabase in (0, (select oid from pg_database where datname = current_database()))
    union all select concat_ws(' ', 'large objects', count(*)) from pg_largeobject_metadata
  ) items`;

/** The application's tables that hold a row now, or held one since they were last emptied. */
const WRITTEN_TABLES = sql<{ name: string }>`
  select relname as name from pg_class
  where relnamespace = 'public'::regnamespace and relkind = 'r' and not starts_with(relname, 'kysely_')
    and pg_relation_size(oid) > 0`;

/** The template's state, read once per run (global-setup.ts). */
export async function templateState(db: Kysely<Database>): Promise<TemplateState> {
  const { rows: fingerprinted } = await SCHEMA_FINGERPRINT.execute(db);
  const { rows: written } = await WRITTEN_TABLES.execute(db);
  const rows: TemplateState['rows'] = [];
  for (const { name } of written) {
    const { rows: found } = await sql<{ json: string | null }>`
      select json_agg(t)::text as json from ${sql.table(name)} as t`.execute(db);
    const json = found[0]?.json;
    if (json) rows.push({ table: name, json });
  }
  return { fingerprint: fingerprinted[0]?.fingerprint ?? '', rows };
}

/**
 * Empties the database `db` is connected to back to the template's state, when its schema is still the
 * template's; answers whether it did. On one connection: the database's other sessions (the app's idle
 * ones, a second instance's) are ended first, so none holds a lock or writes afterwards. Then the tables
 * written to are emptied (identity columns restarted), their planner statistics and the database's
 * activity counters cleared, and the template's rows put back.
 */
export async function emptiedForReuse(db: Kysely<Database>, template: TemplateState): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    await sql`
      select pg_terminate_backend(pid, 5000) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(connection);
    const { rows: fingerprinted } = await SCHEMA_FINGERPRINT.execute(connection);
    if (fingerprinted[0]?.fingerprint !== template.fingerprint) return false;
    const { rows: written } = await WRITTEN_TABLES.execute(connection);
    const tables = new Set([...written.map((row) => row.name), ...template.rows.map((row) => row.table)]);
    await sql`begin`.execute(connection);
    try {
      await sql`truncate ${sql.join([...tables].map((name) => sql.table(name)))} restart identity cascade`.execute(
        connection,
      );
      await sql`
        delete from pg_statistic
        where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`.execute(
        connection,
      );
      for (const { table, json } of template.rows) {
        await sql`
          insert into ${sql.table(table)} overriding system value
          select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
          connection,
        );
      }
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
    await sql`select pg_stat_reset()`.execute(connection);
    return true;
  });
}
