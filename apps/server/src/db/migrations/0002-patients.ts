import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName } from '../dialect';

// The list's equality filters (their app-normalised columns); written out here so the migration never
// changes meaning with the feature's code.
const PATIENT_FILTER_COLUMNS = ['judet_norm', 'oras_norm', 'tara_norm', 'medic_norm', 'igienizare'] as const;

/**
 * Patients with their search index and list indexes, the counts of patients per filter combination, and
 * the counters that hand out sequential numbers (issue 3). The search index is dialect-specific (DESIGN.md
 * §2): an FTS5 trigram table on SQLite, a pg_trgm GIN index on PostgreSQL; so are the triggers that keep the
 * index (SQLite) and the counts current. This DDL lives here, not in the feature, so this migration never
 * changes meaning.
 */
export function patients(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('patients')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('file_number', 'integer', (col) => col.notNull().unique())
        .addColumn('nume', 'text', (col) => col.notNull())
        .addColumn('prenume', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('telefon', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('birthdate', 'text')
        .addColumn('judet', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('oras', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('tara', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('medic', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('igienizare', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('antecedente', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('antecedente_detalii', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('dinti_stersi', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('avatar', 'text')
        .addColumn('search_key', 'text', (col) => col.notNull())
        .addColumn('judet_norm', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('oras_norm', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('tara_norm', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('medic_norm', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_by', 'text')
        .addCheckConstraint('patients_flags', sql`igienizare in (0, 1) and blocked in (0, 1)`)
        .execute();

      // The list is newest first by file number (patients-list.queries.ts). Every list index is partial, over
      // the patients not deleted, so a count reads a small index instead of the wide rows; SQLite uses a
      // partial index only when the query says `deleted_at is null` itself, and the list queries do.
      // - patients_live: the unfiltered list walks it backwards; a creation-date range is tested on each entry.
      // - patients_live_created_at: a creation-date range, counted and collected without reading a row.
      // - one per equality filter: the filter's patients in file-number order, their creation time beside.
      await db.schema
        .createIndex('patients_live')
        .on('patients')
        .columns(['file_number', 'created_at'])
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      for (const column of ['created_at', ...PATIENT_FILTER_COLUMNS]) {
        await db.schema
          .createIndex(`patients_live_${column}`)
          .on('patients')
          .columns(column === 'created_at' ? [column, 'file_number'] : [column, 'file_number', 'created_at'])
          .where(sql.ref('deleted_at'), 'is', null)
          .execute();
      }
      // The deleted patients (the admins' bin) apart: few rows, listed without scanning the others.
      await db.schema
        .createIndex('patients_deleted')
        .on('patients')
        .column('file_number')
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();

      await createPatientCounts(db, dialect);
      if (dialect === 'sqlite') await createSqliteSearchIndex(db);
      else await createPostgresSearchIndex(db);
    },
  };
}

/**
 * An FTS5 trigram table keyed by the file number (the patients' own rowid may change on VACUUM), kept in
 * sync by triggers: every writer — the API, the bulk loader of the bench, a future importer — updates the
 * index in its own transaction without having to know it exists. It holds the patients not deleted, and
 * only them: a search's total is a count of the index alone, and its page walks the index newest first
 * (the rowid is the file number). Deleting a patient takes its key out; restoring puts it back.
 */
async function createSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table patients_search using fts5(search_key, tokenize = 'trigram')`.execute(db);
  await sql`
    create trigger patients_search_insert after insert on patients when new.deleted_at is null begin
      insert into patients_search (rowid, search_key) values (new.file_number, new.search_key);
    end`.execute(db);
  // Deleting a rowid the index does not hold (a deleted patient's) changes nothing.
  await sql`
    create trigger patients_search_update after update of search_key, file_number, deleted_at on patients begin
      delete from patients_search where rowid = old.file_number;
      insert into patients_search (rowid, search_key)
        select new.file_number, new.search_key where new.deleted_at is null;
    end`.execute(db);
  await sql`
    create trigger patients_search_delete after delete on patients begin
      delete from patients_search where rowid = old.file_number;
    end`.execute(db);
}

/**
 * pg_trgm serves `search_key like '%…%'` from a GIN index, over the patients not deleted (the list asks
 * for those; the rare search among deleted ones reads their few rows). The extension is database-wide: it goes to
 * `public` (not the connection's schema, which may be dropped with everything in it) unless it is already
 * installed, and the operator class is named with the schema it lives in.
 */
async function createPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  // Two servers (or test workers) migrating at once would race on creating the extension.
  await sql`select pg_advisory_xact_lock(hashtext('odonto:pg_trgm'))`.execute(db);
  let schema = await trigramSchema(db);
  if (!schema) {
    try {
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
    } catch (error) {
      throw new Error(
        'PostgreSQL: patient search needs the pg_trgm extension, which this database user may not create. ' +
          'Ask the database administrator to run `create extension pg_trgm schema public;` in this database, then start again.',
        { cause: error },
      );
    }
    schema = await trigramSchema(db);
  }
  if (!schema) throw new Error('PostgreSQL: the pg_trgm extension was created but cannot be found.');
  await sql`
    create index patients_search_key_trgm on patients using gin (search_key ${sql.id(schema, 'gin_trgm_ops')})
    where deleted_at is null`.execute(db);
}

export async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const result = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return result.rows[0]?.schema;
}

/**
 * How many patients not deleted each combination of the equality filters has (judet, oras, tara, medic,
 * igienizare), kept by triggers in the writer's own transaction. The list's total without a search or a
 * date range is a sum over the few matching combinations: counting 100,000 index entries takes
 * milliseconds, summing a few hundred rows a few microseconds. Combinations left at 0 stay (harmless).
 */
async function createPatientCounts(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('patient_counts')
    .addColumn('judet_norm', 'text', (col) => col.notNull())
    .addColumn('oras_norm', 'text', (col) => col.notNull())
    .addColumn('tara_norm', 'text', (col) => col.notNull())
    .addColumn('medic_norm', 'text', (col) => col.notNull())
    .addColumn('igienizare', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('patient_counts_pk', [...PATIENT_FILTER_COLUMNS])
    .execute();
  if (dialect === 'sqlite') await createSqlitePatientCountTriggers(db);
  else await createPostgresPatientCountTriggers(db);
}

const COUNT_KEY = sql.join(PATIENT_FILTER_COLUMNS.map((column) => sql.ref(column)));
const rowKey = (row: 'new' | 'old') =>
  sql.join(PATIENT_FILTER_COLUMNS.map((column) => sql.ref(`${row}.${column}`)));
const sameKey = (row: 'new' | 'old') =>
  sql.join(
    PATIENT_FILTER_COLUMNS.map((column) => sql`${sql.ref(column)} = ${sql.ref(`${row}.${column}`)}`),
    sql` and `,
  );

/** Row triggers (SQLite has no others): -1 for the combination a live patient leaves, +1 where it goes. */
async function createSqlitePatientCountTriggers(db: Kysely<unknown>): Promise<void> {
  const add = sql`
    insert into patient_counts (${COUNT_KEY}, total) select ${rowKey('new')}, 1 where new.deleted_at is null
    on conflict (${COUNT_KEY}) do update set total = total + 1;`;
  const remove = sql`
    update patient_counts set total = total - 1 where old.deleted_at is null and ${sameKey('old')};`;
  await sql`create trigger patient_counts_insert after insert on patients begin ${add} end`.execute(db);
  await sql`
    create trigger patient_counts_update
    after update of ${COUNT_KEY}, deleted_at on patients begin ${remove} ${add} end`.execute(db);
  await sql`create trigger patient_counts_delete after delete on patients begin ${remove} end`.execute(db);
}

/**
 * Statement triggers over the transition tables: a bulk insert of 10,000 patients updates each combination
 * once. The changes are applied in key order, so two writers lock the rows they share in the same order.
 * `search_path from current`: the function finds patient_counts in the schema the migration ran in.
 */
async function createPostgresPatientCountTriggers(db: Kysely<unknown>): Promise<void> {
  const apply = (changes: RawBuilder<unknown>) => sql`
    insert into patient_counts (${COUNT_KEY}, total)
    select ${COUNT_KEY}, sum(change) from (${changes}) as changes
    group by ${COUNT_KEY} having sum(change) <> 0 order by ${COUNT_KEY}
    on conflict (${COUNT_KEY}) do update set total = patient_counts.total + excluded.total;`;
  const added = sql`select ${COUNT_KEY}, 1 as change from new_rows where deleted_at is null`;
  const removed = sql`select ${COUNT_KEY}, -1 as change from old_rows where deleted_at is null`;
  await sql`
    create function patient_counts_follow() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(added)}
      elsif tg_op = 'DELETE' then
        ${apply(removed)}
      else
        ${apply(sql`${added} union all ${removed}`)}
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, tables] of [
    ['insert', sql`new table as new_rows`],
    ['update', sql`old table as old_rows new table as new_rows`],
    ['delete', sql`old table as old_rows`],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`patient_counts_${event}`)} after ${sql.raw(event)} on patients
      referencing ${tables} for each statement execute function patient_counts_follow()`.execute(db);
  }
}
