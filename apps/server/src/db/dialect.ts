import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Database } from './database';

/** The two databases Odonto runs on. Everything that differs between them is in this file. */
export type DialectName = 'sqlite' | 'postgres';

/** Column type and modifiers of a sequential integer primary key. */
export function autoIncrementColumn(dialect: DialectName): {
  type: 'integer' | 'bigint';
  build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return dialect === 'sqlite'
    ? { type: 'integer', build: (column) => column.primaryKey().autoIncrement() }
    : { type: 'bigint', build: (column) => column.primaryKey().generatedByDefaultAsIdentity() };
}

/**
 * Serialises writers that must see a consistent table, e.g. "create the first user only when none
 * exists". Kysely's SQLite driver already runs one transaction at a time on its single connection.
 */
export async function lockTable(trx: Kysely<Database>, dialect: DialectName, table: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock named `name` (on a connection of its own,
 * so `work` may use the whole pool): several app instances starting together on one database take turns.
 * `onWait` is called when another session holds it. SQLite has one process per data dir (data-dir-lock.ts),
 * so there it simply runs.
 */
export async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  name: string,
  work: () => Promise<T>,
  onWait: () => void = () => {},
): Promise<T> {
  if (dialect === 'sqlite') return work();
  return db.connection().execute(async (connection) => {
    const tried = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(connection);
    if (!tried.rows[0]?.locked) {
      onWait();
      await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}

/** The schema new tables go to: PostgreSQL's current_schema() (the search_path), none on SQLite. */
export async function currentSchema(db: Kysely<Database>, dialect: DialectName): Promise<string | undefined> {
  if (dialect === 'sqlite') return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema;
}

/**
 * Ends a bulk load (the demo seed, the bench's loaders, the locality register) on PostgreSQL with
 * `vacuum (analyze)` of `tables` (all tables when none are named). Its autovacuum may be off or may not have
 * come round yet: a planner that thinks a table empty walks whole indexes (decision 0044), and until a
 * vacuum marks the new pages all-visible an index-only scan reads the table row by row anyway (decision
 * 0060). `rewritten`: small tables that every statement of the load updated whole (the counts the triggers
 * keep), first rewritten compact with `vacuum (full)`: a load of 100,000 patients left the 80 rows of
 * `patient_counts` spread over 152 pages of dead versions, all read by the first page's count. Not inside a
 * transaction: VACUUM cannot run in one. SQLite is left alone: its queries are written for a database
 * without statistics, as production has, and ANALYZE there would change their plans.
 */
export async function vacuumAfterBulkLoad(
  db: Kysely<Database>,
  dialect: DialectName,
  options: { tables?: readonly string[]; rewritten?: readonly string[] } = {},
): Promise<void> {
  if (dialect !== 'postgres') return;
  const list = (tables: readonly string[]) => sql.join(tables.map((table) => sql.table(table)));
  const { tables = [], rewritten = [] } = options;
  if (rewritten.length) await sql`vacuum (full) ${list(rewritten)}`.execute(db);
  await sql`vacuum (analyze)${tables.length ? sql` ${list(tables)}` : sql``}`.execute(db);
}

/** SQLite's SQLITE_BUSY and its extended codes: another connection or process holds the lock. */
export function isBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
}

/** True for a unique or primary key violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
