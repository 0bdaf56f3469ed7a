import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Patients with their search index, and the counters that hand out sequential numbers (issue 3).
 * The search index is dialect-specific (DESIGN.md §2): an FTS5 trigram table on SQLite, a pg_trgm GIN
 * index on PostgreSQL. Its DDL lives here, not in the feature, so this migration never changes meaning.
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

      // The list is newest first; each equality filter walks its own index in that order.
      await db.schema
        .createIndex('patients_created_at')
        .on('patients')
        .columns(['created_at', 'file_number'])
        .execute();
      for (const column of ['judet_norm', 'oras_norm', 'tara_norm', 'medic_norm', 'igienizare']) {
        await db.schema
          .createIndex(`patients_${column}_created_at`)
          .on('patients')
          .columns([column, 'created_at'])
          .execute();
      }

      if (dialect === 'sqlite') await createSqliteSearchIndex(db);
      else await createPostgresSearchIndex(db);
    },
  };
}

/**
 * An FTS5 trigram table keyed by the file number (the patients' own rowid may change on VACUUM), kept in
 * sync by triggers: every writer — the API, the bulk loader of the bench, a future importer — updates the
 * index in its own transaction without having to know it exists.
 */
async function createSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table patients_search using fts5(search_key, tokenize = 'trigram')`.execute(db);
  await sql`
    create trigger patients_search_insert after insert on patients begin
      insert into patients_search (rowid, search_key) values (new.file_number, new.search_key);
    end`.execute(db);
  await sql`
    create trigger patients_search_update after update of search_key, file_number on patients begin
      delete from patients_search where rowid = old.file_number;
      insert into patients_search (rowid, search_key) values (new.file_number, new.search_key);
    end`.execute(db);
  await sql`
    create trigger patients_search_delete after delete on patients begin
      delete from patients_search where rowid = old.file_number;
    end`.execute(db);
}

/**
 * pg_trgm serves `search_key like '%…%'` from a GIN index. The extension is database-wide: it goes to
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
  await sql`create index patients_search_key_trgm on patients using gin (search_key ${sql.id(schema, 'gin_trgm_ops')})`.execute(
    db,
  );
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const result = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return result.rows[0]?.schema;
}
