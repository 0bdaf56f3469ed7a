import { sql, type Kysely } from 'kysely';
import { patientListQuery } from '@odonto/domain/contracts/patients';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/build-test-app';
import { migrateTo, migrationDatabases } from '../../test/migration-databases';
import { createDiskBlobStore } from '../files/disk-blob-store';
import { listPatients } from '../features/patients/patients-list.service';
import { digitCountsBothWays, digitRunsBothWays } from '../features/patients/patients.test-support';
import { seedDemoClinic } from '../scripts/demo/seed-demo-clinic';
import type { Database } from './database';
import type { DialectName } from './dialect';
import { migrateToLatest } from './migrate';
import { FIRST_LOCATION_NAME } from './migrations/0028-locations';

// Issue 14: migrations move an existing single-clinic database into one location without loss, tested on a
// copy of the demo data. The demo clinic is seeded (as `npm run demo` does) into a database of today's
// schema; its rows, as far as the schema before locations holds them, are copied into a database migrated
// only that far (0027); that copy is then migrated to today's schema, and every row of every table must
// come out as it went in, the appointments each in the one new location.

const BEFORE_LOCATIONS = '0027-rate-limits';

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Row = Record<string, unknown>;

for (const dialect of TEST_DIALECTS) {
  describe(`migrations on a copy of the demo data [${dialect}]`, () => {
    const databases = migrationDatabases(dialect);
    afterEach(() => databases.closeAll());

    it('moves the demo clinic into one location, every row of every table kept', async () => {
      const demo = await databases.open();
      await migrateToLatest(demo.handle.db, dialect);
      const blobs = createDiskBlobStore(demo.dataDir);
      try {
        await seedDemoClinic(demo.handle, blobs, {
          now: new Date('2026-03-02T08:00:00.000Z'),
          smsRemindHours: 24,
          log: () => undefined,
        });
      } finally {
        blobs.close();
      }

      const copy = await databases.open();
      const db = copy.handle.db;
      await migrateTo(db, dialect, BEFORE_LOCATIONS);
      const tables = await userTables(db, dialect);
      await copyRows(demo.handle.db as unknown as AnyDb, db as unknown as AnyDb, dialect, tables);

      const before = new Map<string, string[]>();
      for (const [table, columns] of tables) {
        const rows = await readRows(db, table, columns);
        // The copy holds the demo's rows: the same number in every table (none empty where it matters).
        expect(rows.length, table).toBe((await readRows(demo.handle.db, table, columns)).length);
        before.set(table, rows);
      }
      for (const table of ['patients', 'appointments', 'payments', 'invoices', 'history_entries', 'places'])
        expect(before.get(table)?.length ?? 0, table).toBeGreaterThan(0);

      expect(await migrateToLatest(db, dialect)).toEqual(expect.arrayContaining(['0028-locations']));

      for (const [table, columns] of tables) {
        expect(await readRows(db, table, columns), table).toEqual(before.get(table));
      }
      const clinic = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'clinic')
        .executeTakeFirstOrThrow();
      const saved = JSON.parse(clinic.value) as { adresa: string; telefon: string };
      const locations = await db.selectFrom('locations').selectAll().execute();
      expect(locations).toEqual([
        expect.objectContaining({ name: FIRST_LOCATION_NAME, address: saved.adresa, phone: saved.telefon }),
      ]);
      expect(saved.adresa).not.toBe('');
      const placed = await db
        .selectFrom('appointments')
        .select(['location_id', 'chair_id'])
        .distinct()
        .execute();
      expect(placed).toEqual([{ location_id: locations[0]?.id, chair_id: null }]);
      // The demo's open charges, all from before locations, are owed at that one location (0029).
      const owedAt = await db.selectFrom('patient_location_open').select('location_id').distinct().execute();
      expect(owedAt).toEqual([{ location_id: locations[0]?.id }]);

      // The list still reads the copied search and count tables: every demo patient, and a name found.
      const deps = { db, dialect };
      const all = await listPatients(deps, patientListQuery.parse({}));
      const patients = before.get('patients')?.length ?? 0;
      expect(all.total).toBe(patients);
      const first = await db
        .selectFrom('patients')
        .select(['id', 'nume'])
        .where('deleted_at', 'is', null)
        .limit(1)
        .executeTakeFirstOrThrow();
      const found = await listPatients(deps, patientListQuery.parse({ q: first.nume }));
      expect(found.pacienti.map((patient) => patient._id)).toContain(first.id);
      // The counts per run of digits (0035), filled from the copied keys: the copy's phones, each run once a
      // patient, and a phone fragment's total as many as the patients whose key holds it.
      const digitCounts = await digitCountsBothWays(db);
      expect(digitCounts.recounted.size).toBeGreaterThan(100);
      expect(digitCounts.kept).toEqual(digitCounts.recounted);
      // One that a few patients share, under the list's limit of exact totals.
      const [fragment, holding] = [...digitCounts.recounted].find(
        ([run, total]) => run.length === 5 && total > 1 && total <= 1_000,
      ) ?? ['', 0];
      expect(fragment).not.toBe('');
      const byFragment = await listPatients(deps, patientListQuery.parse({ q: fragment }));
      expect(byFragment.total).toBe(holding);
      // PostgreSQL: each key's runs of six digits (0036), filled from the copied keys, which page the
      // fragment newest first (the SQLite list walks its FTS5 index).
      if (dialect === 'postgres') {
        const digitRuns = await digitRunsBothWays(db);
        expect(digitRuns.recounted.length).toBeGreaterThan(100);
        expect(digitRuns.kept).toEqual(digitRuns.recounted);
      }
      const holders = await db
        .selectFrom('patients')
        .select('file_number')
        .where('deleted_at', 'is', null)
        .where('search_key', 'like', `%${fragment}%`)
        .orderBy('file_number', 'desc')
        .limit(10)
        .execute();
      expect(byFragment.pacienti.map((patient) => patient.id)).toEqual(holders.map((row) => row.file_number));
    }, 240_000);
  });
}

/**
 * The tables the app writes, with their columns, as the database now holds them: not the migrator's own,
 * and on SQLite not the FTS5 index's shadow tables (the index fills them itself); the FTS5 table's rowid
 * (the file number) is one of its columns here.
 */
async function userTables(db: Kysely<Database>, dialect: DialectName): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (dialect === 'sqlite') {
    const listed = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_list where schema = 'main'`.execute(db);
    for (const { name, type } of listed.rows) {
      if ((type !== 'table' && type !== 'virtual') || /^(sqlite_|kysely_)/.test(name)) continue;
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      tables.set(name, [...(type === 'virtual' ? ['rowid'] : []), ...columns.rows.map((c) => c.name)]);
    }
    return tables;
  }
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'
    order by c.table_name, c.ordinal_position`.execute(db);
  for (const { table_name, column_name } of columns.rows)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

/**
 * Copies every row of `tables` (those columns) from `from` to `to` as they are, derived tables included:
 * without triggers (they would derive those rows a second time) and without foreign-key checks on the way
 * (the tables go in any order), both checked whole at the end.
 */
async function copyRows(
  from: AnyDb,
  to: AnyDb,
  dialect: DialectName,
  tables: Map<string, string[]>,
): Promise<void> {
  await to.connection().execute(async (connection) => {
    const triggers =
      dialect === 'sqlite'
        ? (
            await sql<{ name: string; sql: string }>`
              select name, sql from sqlite_master where type = 'trigger'`.execute(connection)
          ).rows
        : [];
    if (dialect === 'sqlite') {
      await sql`pragma foreign_keys = off`.execute(connection);
      for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(connection);
    } else {
      await sql`set session_replication_role = replica`.execute(connection);
    }
    for (const [table, columns] of tables) {
      const rows = (
        (await from
          .selectFrom(table)
          .select(columns.map((column) => sql.ref(column).as(column)))
          .execute()) as Row[]
      ).map(asBeforeLocations);
      // Within either database's limit of parameters per statement.
      const chunk = Math.max(1, Math.floor(30_000 / columns.length));
      for (let start = 0; start < rows.length; start += chunk)
        await connection
          .insertInto(table)
          .values(rows.slice(start, start + chunk))
          .execute();
    }
    if (dialect === 'sqlite') {
      for (const trigger of triggers) await sql.raw(trigger.sql).execute(connection);
      await sql`pragma foreign_keys = on`.execute(connection);
      const broken = await sql`select * from pragma_foreign_key_check`.execute(connection);
      expect(broken.rows).toEqual([]);
    } else {
      await sql`set session_replication_role = origin`.execute(connection);
      // The audit log's identity goes on from the copied rows.
      await sql`select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log))`.execute(
        connection,
      );
    }
  });
}

/**
 * A row as a database from before locations holds it: the ledger's and invoices' `location_id` columns
 * existed (0016, 0017) but nothing wrote them until there were locations (0028), so they are empty there;
 * the demo's, seeded today, name its location.
 */
function asBeforeLocations(row: Row): Row {
  return 'location_id' in row ? { ...row, location_id: null } : row;
}

/** A table's rows (those columns), each as text, in one order: comparable across the migration. */
async function readRows(db: Kysely<Database>, table: string, columns: string[]): Promise<string[]> {
  const rows = (await (db as unknown as AnyDb)
    .selectFrom(table)
    .select(columns.map((column) => sql.ref(column).as(column)))
    .execute()) as Row[];
  return rows.map((row) => JSON.stringify(columns.map((column) => row[column]))).sort();
}
