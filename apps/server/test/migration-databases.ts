import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { currentSchema, type DialectName } from '../src/db/dialect';
import { migrationProvider } from '../src/db/migrations/index';
import { adminQuery, databaseUrl, testDataRoot } from './test-databases';

/**
 * Empty databases of their own for the migration tests, which start from an older schema than the
 * suite's template: a PostgreSQL database or an SQLite file (in a dir of its own, also for data files).
 * `closeAll` closes and removes every one opened since the last call.
 */
export function migrationDatabases(dialect: DialectName): {
  open(): Promise<{ handle: DatabaseHandle; dataDir: string }>;
  closeAll(): Promise<void>;
} {
  const opened: { handle: DatabaseHandle; remove: () => Promise<void> }[] = [];
  return {
    async open() {
      const dataDir = await mkdtemp(join(testDataRoot(), 'odonto-migrate-'));
      const removeDir = () => rm(dataDir, { recursive: true, force: true });
      if (dialect === 'postgres') {
        const name = `odonto_migrate_${randomBytes(6).toString('hex')}`;
        await adminQuery(`create database ${name}`);
        const handle = await connectDatabase({ kind: 'postgres', url: databaseUrl(name) });
        const remove = async () => {
          await adminQuery(`drop database if exists ${name} with (force)`);
          await removeDir();
        };
        opened.push({ handle, remove });
        return { handle, dataDir };
      }
      const handle = await connectDatabase({ kind: 'sqlite', file: join(dataDir, 'odonto.sqlite') });
      opened.push({ handle, remove: removeDir });
      return { handle, dataDir };
    },
    async closeAll() {
      for (const { handle, remove } of opened.splice(0)) {
        await handle.close();
        await remove();
      }
    },
  };
}

/** Migrates `db` up to the migration `name` (inclusive), as a database of that age would be. */
export async function migrateTo(db: Kysely<Database>, dialect: DialectName, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    migrationTableSchema: await currentSchema(db, dialect),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
