import { Migrator, sql, type Kysely, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import { currentSchema, withAdvisoryLock, type DialectName } from './dialect';
import { migrationProvider } from './migrations/index';

/**
 * Applies every pending migration with the rows that record them, atomically: on PostgreSQL all pending
 * steps in one transaction (Kysely's own), on SQLite one step at a time, each in its own transaction.
 * Answers the names applied.
 *
 * Several app instances starting together on one PostgreSQL database run it one after the other under an
 * advisory lock: the first migrates, the others then find nothing to do. Kysely locks the steps themselves
 * too, but creates its bookkeeping tables before taking its lock; ours covers the whole run. `onWait` is
 * told when another instance is migrating.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectName,
  options: { onWait?: () => void } = {},
): Promise<string[]> {
  return withAdvisoryLock(db, dialect, MIGRATION_LOCK, () => migrate(db, dialect), options.onWait);
}

const MIGRATION_LOCK = 'odonto:migrations';

async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    // Pinned to the connection's schema: otherwise Kysely would find the bookkeeping table of another
    // schema in the same PostgreSQL database and skip creating ours.
    migrationTableSchema: await currentSchema(db, dialect),
  });
  if (dialect === 'postgres') {
    // One transaction for every pending step: each step on its own repeats Kysely's catalogue lookups,
    // which cost about a second for a fresh database (every API test builds one).
    const { error, results = [] } = await migrator.migrateToLatest();
    const failed = results.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
    }
    return results.map((result) => result.migrationName);
  }
  const applied: string[] = [];
  for (;;) {
    const { error, results = [] } = await inTransaction(db, dialect, () => migrator.migrateUp());
    const failed = results.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
    }
    if (results.length === 0) return applied;
    applied.push(...results.map((result) => result.migrationName));
  }
}

// Kysely wraps a PostgreSQL migration in a transaction itself, but not a SQLite one; SQLite's DDL is
// transactional too, so the whole step is made atomic here on its single connection.
async function inTransaction(
  db: Kysely<Database>,
  dialect: DialectName,
  step: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  if (dialect === 'postgres') return step();
  await sql`begin immediate`.execute(db);
  let result: MigrationResultSet;
  try {
    result = await step();
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
  await sql.raw(result.error ? 'rollback' : 'commit').execute(db);
  return result;
}
