import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogConfig } from 'kysely';
import type { DatabaseConfig } from '../config';
import type { Database } from './database';
import { withStatementCache } from './statement-cache';
import type { DialectName } from './dialect';
import { usePreparedStatements } from './prepared-statements';
import { openSqlite } from './sqlite-driver';
import { statementObservers } from './statement-observers';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Opens the embedded SQLite file, or a PostgreSQL pool when the config names one. */
export async function connectDatabase(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  // What the handle runs is seen by its observers (statement-observers.ts): the session cache's writes.
  const observers = statementObservers();
  const log = statementLog(config, observers.notify);
  // Each driver is loaded only when used: start-up stays fast.
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // int8 (bigint, count(*), identity columns) as JavaScript numbers: our counts and ids stay far below 2^53.
    const types = new pg.TypeOverrides();
    types.setTypeParser(pg.types.builtins.INT8, 'text', (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: config.url, types, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', onPoolError);
    usePreparedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    observers.attach(db);
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  mkdirSync(dirname(config.file), { recursive: true });
  const database = openSqlite(config.file);
  database.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a user survives a power cut (DESIGN.md §1).
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Each SQL text prepared once and reused (statement-cache.ts).
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
    log,
  });
  observers.attach(db);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Each statement run, once it has run, to the handle's observers. With ODONTO_SQL_LOG (the hot-path bench,
 * bench/hot-path.ts) also its text and parameters, appended to that file as one JSON line, so a call's SQL
 * can be replayed on its own.
 */
function statementLog(config: DatabaseConfig, notify: (sqlText: string) => void): LogConfig {
  const file = config.sqlLog;
  return (event) => {
    if (event.level !== 'query') return;
    const { sql: text, parameters } = event.query;
    notify(text);
    if (!file) return;
    const values = parameters.map((value) => (typeof value === 'bigint' ? Number(value) : value));
    appendFileSync(file, `${JSON.stringify({ sql: text, parameters: values })}\n`);
  };
}
